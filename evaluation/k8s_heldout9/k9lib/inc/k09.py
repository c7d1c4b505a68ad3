"""k9-09: PgBouncer Deployment upgraded to a non-existent image tag with Recreate strategy (MicroK8s)."""
from .common import *
from ..registry import incident
from ..bases import microk8s_base
from ..addons import monitoring, cert_manager

BAD = "docker.io/bitnami/pgbouncer:1.23.10"
GOOD = "docker.io/bitnami/pgbouncer:1.23.1"
OLD = "docker.io/bitnami/pgbouncer:1.22.1"


def bouncer_tp(c, lab, image, db_host, pool):
    return tmpl(lab, [ctr("pgbouncer", image, [("pgbouncer", 6432)], ("100m", "64Mi"), ("500m", "256Mi"),
                          [E("POSTGRESQL_HOST", db_host), E("POSTGRESQL_PORT", "5432"), E("PGBOUNCER_DATABASE", "tix"),
                           E("PGBOUNCER_POOL_MODE", "transaction"), E("PGBOUNCER_DEFAULT_POOL_SIZE", pool),
                           E("PGBOUNCER_MAX_CLIENT_CONN", "1000"), E("PGBOUNCER_PORT", "6432"),
                           ES("POSTGRESQL_USERNAME", "tix-postgres-auth", "username"),
                           ES("POSTGRESQL_PASSWORD", "tix-postgres-auth", "password")],
                          rp=tcp("pgbouncer", d=5, p=10), lp=tcp("pgbouncer", d=15, p=20),
                          sc={"runAsNonRoot": True, "runAsUser": 1001, "allowPrivilegeEscalation": False})])


@incident("k9-09", profile("microk8s", version="v1.30.1"), "2024-06-26T18:44:09Z",
          "MicroK8s 1.30 (3-node HA), Calico, hostpath-storage addon, observability addon")
def build(c):
    age = 250 * D
    specs = [dict(name="mk8s-node-%s" % x, ip="192.168.50.%d" % (11 + i), role="control-plane", ago=age - i * 1800, cpu=8, mem=32)
             for i, x in enumerate("abc")]
    microk8s_base(c, specs, age)
    N = alln(c)
    ing = "ingress"
    namespace(c, ing, age - 100)
    comp_ds(c, ing, "nginx-ingress-microk8s-controller", "registry.k8s.io/ingress-nginx/controller:v1.10.1", N, age - 100,
            labels={"name": "nginx-ingress-microk8s"}, sa="nginx-ingress-microk8s-serviceaccount",
            cname="nginx-ingress-microk8s", ports=[("http", 80), ("https", 443), ("health", 10254)], req=None,
            args=["/nginx-ingress-controller", "--configmap=$(POD_NAMESPACE)/nginx-load-balancer-microk8s-conf",
                  "--ingress-class=public", "--publish-status-address=127.0.0.1"],
            rp=http("/healthz", 10254, p=10), lp=http("/healthz", 10254, d=10, p=10, t=5))
    cm(c, ing, "nginx-load-balancer-microk8s-conf", {}, age - 100)
    mon = monitoring(c, ns="observability", prom_sc="microk8s-hostpath", nodes=N)
    comp_sts(c, "observability", "loki", "docker.io/grafana/loki:2.9.6", 1, N[1:2], age - 5 * D - 100,
             labels={"app": "loki", "release": "loki"}, ports=[("http-metrics", 3100)], req=None,
             vct=[("storage", "10Gi", "microk8s-hostpath")], mounts=[MT("storage", "/data")],
             rp=http("/ready", "http-metrics", d=45), svc=[("http-metrics", 3100, "http-metrics")], hsvc="loki-headless")
    comp_ds(c, "observability", "loki-promtail", "docker.io/grafana/promtail:2.9.3", N, age - 5 * D - 100,
            labels={"app.kubernetes.io/instance": "loki", "app.kubernetes.io/name": "promtail"}, sa="loki-promtail",
            cname="promtail", ports=[("http-metrics", 3101)], req=None, rp=http("/ready", "http-metrics", d=10, p=10, t=1, f=5),
            tol=[{"effect": "NoSchedule", "key": "node-role.kubernetes.io/master", "operator": "Exists"}])
    cert_manager(c)
    # ---------------- database
    ns = "tix-db"
    namespace(c, ns, 200 * D, {"app.kubernetes.io/part-of": "tix"})
    secret(c, ns, "tix-postgres-auth", ["password", "postgres-password", "username"], 200 * D)
    plab = {"app.kubernetes.io/name": "tix-postgres", "app.kubernetes.io/part-of": "tix"}
    pg = comp_sts(c, ns, "tix-postgres", "docker.io/library/postgres:15.7", 1, N[2:3], 200 * D, labels=plab,
                  ports=[("postgres", 5432)], req=("1", "4Gi"), lim=(None, "6Gi"),
                  env=[ES("POSTGRES_PASSWORD", "tix-postgres-auth", "postgres-password"), E("PGDATA", "/var/lib/postgresql/data/pgdata")],
                  vct=[("pgdata", "60Gi", "microk8s-hostpath")], mounts=[MT("pgdata", "/var/lib/postgresql/data")],
                  rp=ex(["pg_isready", "-U", "postgres"], d=5, p=10), lp=ex(["pg_isready", "-U", "postgres"], d=30, p=20),
                  svc=[("postgres", 5432, "postgres")], hsvc="tix-postgres")
    blab = {"app.kubernetes.io/name": "tix-pgbouncer", "app.kubernetes.io/part-of": "tix"}
    t_old = bouncer_tp(c, blab, OLD, "tix-postgres", "40")
    t_new = bouncer_tp(c, blab, BAD, "tix-postgres", "40")
    up = 22 * M + 9
    d, rss = deployment(c, ns, "tix-pgbouncer", t_new, 2, 180 * D, blab, {"kubernetes.io/change-cause": "bump pgbouncer to 1.23 (CVE-2024-...)"},
                        strategy="Recreate", revs=[(t_old, 180 * D, 0), (t_new, up, 2)])
    c.hint(d, fail_since=up - 4)
    err = ('rpc error: code = NotFound desc = failed to pull and unpack image "%s": failed to resolve reference "%s": '
           '%s: not found' % (BAD, BAD, BAD))
    pods = rs_pods(c, rss[1], 2, [N[0], N[1]], [up - 2, up - 2],
                   [{"pgbouncer": W("ImagePullBackOff", 'Back-off pulling image "%s"' % BAD)} for _ in range(2)])
    for p in pods:
        pull_fail_events(c, p, "pgbouncer", BAD, err, up - 4, count=c.rng.randint(90, 96))
    cev(c, d, "ScalingReplicaSet", "Scaled down replica set %s from 2 to 0" % rss[0]["metadata"]["name"], first=up + 3)
    cev(c, d, "ScalingReplicaSet", "Scaled up replica set %s from 0 to 2" % rss[1]["metadata"]["name"], first=up - 1)
    service(c, ns, "tix-pgbouncer", d["spec"]["selector"]["matchLabels"], [("pgbouncer", 6432, "pgbouncer")], 180 * D, blab)
    # look-alike: reporting pooler still on the previous tag, healthy
    rlab = {"app.kubernetes.io/name": "tix-pgbouncer-reports", "app.kubernetes.io/part-of": "tix"}
    comp_deploy(c, ns, "tix-pgbouncer-reports", OLD, 1, 120 * D, labels=rlab, ports=[("pgbouncer", 6432)],
                req=("100m", "64Mi"), lim=("500m", "256Mi"), nodes=N,
                env=[E("POSTGRESQL_HOST", "tix-postgres"), E("PGBOUNCER_DATABASE", "tix"), E("PGBOUNCER_POOL_MODE", "session"),
                     ES("POSTGRESQL_USERNAME", "tix-postgres-auth", "username"), ES("POSTGRESQL_PASSWORD", "tix-postgres-auth", "password")],
                rp=tcp("pgbouncer", d=5), svc=[("pgbouncer", 6432, "pgbouncer")])
    tpb = tmpl({"app.kubernetes.io/name": "tix-pg-backup"},
               [ctr("pg-dump", "docker.io/library/postgres:15.7", cmd=["sh", "-c", "pg_dump -h tix-postgres -U postgres -Fc tix > /backups/tix-$(date +%F).dump"],
                    env=[ES("PGPASSWORD", "tix-postgres-auth", "postgres-password")], mounts=[MT("backups", "/backups")])],
               volumes=[VH("backups", "/srv/backups/tix", "DirectoryOrCreate")], restart="OnFailure", nsel={"kubernetes.io/hostname": N[2]})
    cronjob(c, ns, "tix-pg-backup", tpb, "0 3 * * *", D, 3 * H, 190 * D, ["ok", "ok", "ok"], N[2:3], dur=(120, 400))
    # ---------------- application tier
    app = "tix"
    namespace(c, app, 201 * D, {"app.kubernetes.io/part-of": "tix"})
    cm(c, app, "tix-settings", {"DATABASE_URL": "postgres://tix@tix-pgbouncer.tix-db.svc:6432/tix?sslmode=disable",
                                "REPORTS_DATABASE_URL": "postgres://tix@tix-pgbouncer-reports.tix-db.svc:6432/tix"}, 190 * D)
    secret(c, app, "tix-secrets", ["DATABASE_PASSWORD", "SECRET_KEY_BASE"], 190 * D)
    env = [EC("DATABASE_URL", "tix-settings", "DATABASE_URL"), ES("DATABASE_PASSWORD", "tix-secrets", "DATABASE_PASSWORD")]
    api = app_deploy(c, app, "tix-api", "ghcr.io/tixco/tix-api:3.2.7", 3, 150 * D, env=env, rp=http("/up", 3000), nodes=N,
                     ports=(("http", 3000),), st=[{"tix-api": R(since=9 * D + i * 100, ready=False)} for i in range(3)],
                     pod_ago=[9 * D + i * 100 + 30 for i in range(3)])
    for p in api["pods"]:
        unhealthy(c, p, "tix-api", "Readiness", "HTTP probe failed with statuscode: 500", c.rng.randint(125, 131), up - 30)
    app_deploy(c, app, "tix-web", "ghcr.io/tixco/tix-web:3.2.7", 3, 150 * D, rp=http("/", 8080), nodes=N, req=("50m", "128Mi"))
    app_deploy(c, app, "tix-reports", "ghcr.io/tixco/tix-api:3.2.7", 1, 150 * D, nodes=N, svc=False,
               env=[EC("DATABASE_URL", "tix-settings", "REPORTS_DATABASE_URL")], cmd=["bin/rails", "reports:worker"])
    ingress(c, app, "tix", "public", [("tix.lan", "/", "tix-web", 80), ("tix.lan", "/api", "tix-api", 80)], 150 * D,
            lb={"ip": "127.0.0.1"})
    wk = "wiki"
    namespace(c, wk, 90 * D)
    secret(c, wk, "wiki-db", ["password"], 90 * D)
    comp_sts(c, wk, "wiki-postgres", "docker.io/library/postgres:16.3", 1, N[:1], 90 * D, labels={"app": "wiki-postgres"},
             ports=[("postgres", 5432)], env=[ES("POSTGRES_PASSWORD", "wiki-db", "password")], req=("100m", "256Mi"),
             vct=[("data", "5Gi", "microk8s-hostpath")], mounts=[MT("data", "/var/lib/postgresql/data")],
             svc=[("postgres", 5432, "postgres")], hsvc="wiki-postgres")
    comp_deploy(c, wk, "wikijs", "ghcr.io/requarks/wiki:2.5.303", 1, 90 * D, labels={"app": "wikijs"}, ports=[("http", 3000)],
                env=[E("DB_HOST", "wiki-postgres"), ES("DB_PASS", "wiki-db", "password")], svc=[("http", 80, "http")], nodes=N)
    sandbox(c, "sandbox-olu", "pending", "llm-embedder", "ghcr.io/olu/llm-embedder:0.3", 4, nodes=N)
    blip(c, pg["pods"][0])
    app_netpols(c, app, "ingress", "observability")
    evicted_leftover(c, c.get("replicasets", app, [r for r in c.store["replicasets"] if r[0] == app and r[1].startswith("tix-web-")][-1][1]), N[1], 2, "ephemeral-storage")
    return {
        "fault": "image-pull-tag-not-found",
        "symptom": "Ticket sales are down: tix-api is not ready and cannot reach the database through the connection pooler "
                   "since about 20 minutes ago, right after a routine security patch. Postgres itself is up.",
        "root_cause": {"kind": "Deployment", "namespace": ns, "name": "tix-pgbouncer"},
        "explanation": "The pooler Deployment tix-db/tix-pgbouncer was changed ~22 min before the snapshot (revision 2, "
                       "change-cause 'bump pgbouncer to 1.23') to image docker.io/bitnami/pgbouncer:1.23.10, a tag that does not "
                       "exist. With strategy Recreate the old ReplicaSet was scaled to 0 first, so both new pods sit in "
                       "ImagePullBackOff ('failed to resolve reference ... : not found') and Service tix-pgbouncer has no endpoints; "
                       "the Deployment reports ProgressDeadlineExceeded. tix-postgres is Ready and the reporting pooler on "
                       "pgbouncer:1.22.1 works. Fix: set the image to the intended tag (1.23.1) or roll back the Deployment.",
    }

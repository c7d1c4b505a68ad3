"""k9-29: Ingress for the DBA tools still routes pgAdmin to the old Service name after a move to the Helm chart (MicroK8s)."""
from .common import *
from ..registry import incident
from ..bases import microk8s_base
from ..addons import monitoring, cert_manager


@incident("k9-29", profile("microk8s", version="v1.28.12"), "2024-10-01T10:48:37Z",
          "MicroK8s 1.28 (3 nodes), Calico, hostpath-storage, MetalLB, ingress addon")
def build(c):
    age = 410 * D
    specs = [dict(name="dbtools-n%d" % i, ip="192.168.120.%d" % (30 + i), role="control-plane", ago=age - i * 1200, cpu=8, mem=32) for i in (1, 2, 3)]
    microk8s_base(c, specs, age, pod_net="10.1.")
    N = alln(c)
    ing = "ingress"
    namespace(c, ing, age - 100)
    comp_ds(c, ing, "nginx-ingress-microk8s-controller", "registry.k8s.io/ingress-nginx/controller:v1.8.0", N, age - 100,
            labels={"name": "nginx-ingress-microk8s"}, sa="nginx-ingress-microk8s-serviceaccount", cname="nginx-ingress-microk8s",
            ports=[("http", 80), ("https", 443), ("health", 10254)], req=None,
            rp=http("/healthz", 10254, p=10), lp=http("/healthz", 10254, d=10, p=10, t=5))
    mlb = "metallb-system"
    namespace(c, mlb, age - 200, {"pod-security.kubernetes.io/enforce": "privileged"})
    comp_deploy(c, mlb, "controller", "quay.io/metallb/controller:v0.13.12", 1, age - 200, labels={"app": "metallb", "component": "controller"},
                sa="controller", ports=[("monitoring", 7472), ("webhook-server", 9443)], req=None, nodes=N,
                svc=[(None, 443, "webhook-server")], svc_name="webhook-service")
    comp_ds(c, mlb, "speaker", "quay.io/metallb/speaker:v0.13.12", N, age - 200, labels={"app": "metallb", "component": "speaker"},
            sa="speaker", hostnet=True, ports=[("monitoring", 7472)], req=None, tol=[{"effect": "NoSchedule", "operator": "Exists"}])
    mon = monitoring(c, ns="observability", prom_sc="microk8s-hostpath", nodes=N)
    cert_manager(c)
    # ---------------- Postgres estate
    pg = "pgsql"
    namespace(c, pg, 400 * D, {"team": "dba"})
    secret(c, pg, "pgsql-superuser", ["password", "username"], 400 * D)
    comp_sts(c, pg, "pgsql", "docker.io/library/postgres:16.4", 1, N[1:2], 400 * D, labels={"app": "pgsql", "role": "primary"},
             ports=[("postgres", 5432)], req=("2", "8Gi"), lim=(None, "8Gi"),
             env=[ES("POSTGRES_PASSWORD", "pgsql-superuser", "password"), E("PGDATA", "/var/lib/postgresql/data/pgdata")],
             vct=[("data", "200Gi", "microk8s-hostpath")], mounts=[MT("data", "/var/lib/postgresql/data")],
             rp=ex(["pg_isready", "-U", "postgres"], d=5), svc=[("postgres", 5432, "postgres")], hsvc="pgsql")
    comp_deploy(c, pg, "postgres-exporter", "quay.io/prometheuscommunity/postgres-exporter:v0.15.0", 1, 300 * D,
                labels={"app": "postgres-exporter"}, ports=[("metrics", 9187)], nodes=N, svc=[("metrics", 9187, "metrics")],
                env=[E("DATA_SOURCE_URI", "pgsql:5432/postgres?sslmode=disable"), ES("DATA_SOURCE_USER", "pgsql-superuser", "username"),
                     ES("DATA_SOURCE_PASS", "pgsql-superuser", "password")])
    comp_deploy(c, pg, "pgbouncer", "docker.io/bitnami/pgbouncer:1.23.1", 1, 300 * D, labels={"app": "pgbouncer"},
                ports=[("pgbouncer", 6432)], nodes=N, svc=[("pgbouncer", 6432, "pgbouncer")], rp=tcp("pgbouncer"),
                env=[E("POSTGRESQL_HOST", "pgsql"), ES("POSTGRESQL_PASSWORD", "pgsql-superuser", "password")])
    tpb = tmpl({"app": "pgsql-dumpall"}, [ctr("dumpall", "docker.io/library/postgres:16.4",
                                              cmd=["sh", "-c", "pg_dumpall -h pgsql -U postgres | gzip > /dumps/all-$(date +%F).sql.gz"],
                                              env=[ES("PGPASSWORD", "pgsql-superuser", "password")], mounts=[MT("dumps", "/dumps")])],
               volumes=[VH("dumps", "/srv/pg-dumps", "DirectoryOrCreate")], restart="OnFailure", nsel={"kubernetes.io/hostname": N[2]})
    cronjob(c, pg, "pgsql-dumpall", tpb, "0 1 * * *", D, H, 300 * D, ["ok", "ok", "ok"], N[2:], dur=(300, 700))
    # ---------------- DBA tools
    ns = "dba-tools"
    namespace(c, ns, 380 * D, {"team": "dba"})
    mig = 2 * H + 14 * M
    cm(c, ns, "pgadmin4-servers", {"servers.json": "{\"Servers\":{\"1\":{\"Name\":\"pgsql\",\"Group\":\"prod\",\"Host\":\"pgsql.pgsql.svc\",\"Port\":5432,\"MaintenanceDB\":\"postgres\",\"Username\":\"postgres\",\"SSLMode\":\"prefer\"}}}"},
       380 * D, {"app": "pgadmin4"})
    helm_release(c, ns, "dba-pgadmin", 1, mig, mig)
    hl = helm_labels("dba-pgadmin", "pgadmin4", "1.29.0", "8.11", "pgadmin4")
    ha = helm_ann("dba-pgadmin", ns)
    secret(c, ns, "dba-pgadmin-pgadmin4", ["password"], mig, hl, ha)
    cm(c, ns, "dba-pgadmin-pgadmin4-server-definitions", {"servers.json": "{\"Servers\":{\"1\":{\"Name\":\"pgsql\",\"Host\":\"pgsql.pgsql.svc\",\"Port\":5432}}}"},
       mig, hl, ha)
    pvc(c, ns, "dba-pgadmin-pgadmin4", "10Gi", "microk8s-hostpath", mig, labels=hl, ann=ha, node=N[0])
    r = comp_deploy(c, ns, "dba-pgadmin-pgadmin4", "docker.io/dpage/pgadmin4:8.11", 1, mig, labels=hl, cname="pgadmin4", ann=ha,
                    ports=[("http", 80)], req=("100m", "256Mi"), lim=(None, "512Mi"), nodes=N[:1], pod_ago=[mig - 10],
                    env=[E("PGADMIN_CONFIG_ENHANCED_COOKIE_PROTECTION", "False"), E("PGADMIN_DEFAULT_EMAIL", "dba@db.lan"),
                         ES("PGADMIN_DEFAULT_PASSWORD", "dba-pgadmin-pgadmin4", "password")],
                    vols=[VP("pgadmin-data", "dba-pgadmin-pgadmin4"), VC("definitions", "dba-pgadmin-pgadmin4-server-definitions")],
                    mounts=[MT("pgadmin-data", "/var/lib/pgadmin"), MT("definitions", "/pgadmin4/servers.json", sub="servers.json")],
                    rp=http("/misc/ping", "http", d=30, p=60, t=15), lp=http("/misc/ping", "http", d=30, p=60, t=15),
                    svc=[("http", 80, "http")], psc={"fsGroup": 5050, "runAsGroup": 5050, "runAsUser": 5050})
    comp_deploy(c, ns, "pghero", "docker.io/ankane/pghero:v3.6.1", 1, 200 * D, labels={"app": "pghero"}, ports=[("http", 8080)],
                env=[ES("DATABASE_URL", "pghero-db", "DATABASE_URL")], rp=http("/", "http", d=10), svc=[("http", 80, "http")], nodes=N)
    secret(c, ns, "pghero-db", ["DATABASE_URL"], 200 * D)
    c.allow_missing("Service", ns, "pgadmin4")
    ingress(c, ns, "dbtools-ui", "public", [("pgadmin.db.lan", "/", "pgadmin4", 80), ("pghero.db.lan", "/", "pghero", 80)], 370 * D,
            tls="dbtools-ui-tls", lb={"ip": "127.0.0.1"}, ann={"cert-manager.io/cluster-issuer": "db-lan-ca",
                                                             "nginx.ingress.kubernetes.io/proxy-body-size": "50m"})
    secret(c, ns, "dbtools-ui-tls", ["ca.crt", "tls.crt", "tls.key"], 25 * D, typ="kubernetes.io/tls",
           ann={"cert-manager.io/certificate-name": "dbtools-ui-tls", "cert-manager.io/issuer-name": "db-lan-ca"})
    # ---------------- other tenants
    app = "apps"
    namespace(c, app, 390 * D)
    for nm in ("timesheets", "assets", "helpdesk"):
        app_deploy(c, app, nm, "registry.db.lan/internal/%s:2.%d.0" % (nm, c.rng.randint(1, 9)), 2, 300 * D, nodes=N, rp=http("/health", 8080),
                   env=[E("PGHOST", "pgsql.pgsql.svc"), E("PGDATABASE", nm)])
    reg = "container-registry"
    namespace(c, reg, age - 300)
    pvc(c, reg, "registry-claim", "40Gi", "microk8s-hostpath", age - 300, node=N[2])
    comp_deploy(c, reg, "registry", "registry:2.8.1", 1, age - 300, labels={"app": "registry"}, ports=[("registry", 5000)], nodes=N[2:],
                vols=[VP("registry-data", "registry-claim")], mounts=[MT("registry-data", "/var/lib/registry")], svc=[("registry", 5000, "registry")],
                svc_type="NodePort")
    sandbox(c, "sandbox-dba", "imagepull", "pgbadger-web", "registry.db.lan/dba/pgbadger-web:0.1", 10, nodes=N)
    blip(c, mon["graf"]["pods"][0])
    busy_cron(c, ns, "pghero-capture-query-stats", "docker.io/ankane/pghero:v3.6.1", N, 300, ["bin/rake", "pghero:capture_query_stats"])
    app_netpols(c, app, "ingress", "observability")
    return {
        "fault": "ingress-backend-service-missing",
        "symptom": "Since we moved pgAdmin to the Helm chart this morning, https://pgadmin.db.lan only returns '503 Service "
                   "Temporarily Unavailable'. The new pgAdmin pod is Running and Ready, and pghero on the same ingress works.",
        "root_cause": {"kind": "Ingress", "namespace": ns, "name": "dbtools-ui"},
        "explanation": "The Helm release dba-pgadmin (installed ~2h14m ago) runs pgAdmin behind Service dba-pgadmin-pgadmin4, "
                       "which has a ready endpoint. The hand-written Ingress dbtools-ui still routes host pgadmin.db.lan to "
                       "Service 'pgadmin4', the name used by the old raw manifests, which no longer exists (only the leftover "
                       "ConfigMap pgadmin4-servers remains). ingress-nginx has no endpoints for that backend and answers 503. The "
                       "pghero rule of the same Ingress points to an existing Service and works. Fix: change the pgadmin.db.lan "
                       "backend to dba-pgadmin-pgadmin4:80.",
    }

"""k9-14: nightly dump CronJob still uses pg_dump 13 against the PostgreSQL 16 cluster (RKE2, postgresql-ha)."""
from .common import *
from ..registry import incident
from ..bases import rke2_base
from ..addons import cert_manager

REPMGR = "docker.io/bitnami/postgresql-repmgr:16.3.0-debian-12-r13"


@incident("k9-14", profile("rke2", version="v1.29.6+rke2r1"), "2024-05-08T00:47:31Z",
          "RKE2 v1.29 on Proxmox VMs (1 server + 3 agents), Canal, local-path-provisioner, csi-driver-nfs")
def build(c):
    age = 420 * D
    specs = [dict(name="pve-rke-m1", ip="192.168.88.31", role="control-plane", ago=age, cpu=4, mem=16)]
    specs += [dict(name="pve-rke-w%d" % i, ip="192.168.88.%d" % (40 + i), ago=age - 900 * i, cpu=8, mem=32) for i in (1, 2, 3)]
    rke2_base(c, specs, age)
    Wk = workers(c)
    lp = "local-path-storage"
    namespace(c, lp, age - 3 * D)
    cm(c, lp, "local-path-config", {"config.json": "{\n  \"nodePathMap\":[{\"node\":\"DEFAULT_PATH_FOR_NON_LISTED_NODES\",\"paths\":[\"/opt/local-path-provisioner\"]}]\n}"},
       age - 3 * D)
    comp_deploy(c, lp, "local-path-provisioner", "rancher/local-path-provisioner:v0.0.26", 1, age - 3 * D,
                labels={"app": "local-path-provisioner"}, sa="local-path-provisioner-service-account", req=None,
                cmd=["local-path-provisioner", "--debug", "start", "--config", "/etc/config/config.json"],
                mounts=[MT("config-volume", "/etc/config/")], vols=[VC("config-volume", "local-path-config")], nodes=Wk)
    storageclass(c, "local-path", "rancher.io/local-path", age - 3 * D, reclaim="Delete",
                 default=True, expand=None)
    comp_deploy(c, "kube-system", "csi-nfs-controller", "registry.k8s.io/sig-storage/nfsplugin:v4.7.0", 1, age - 4 * D,
                labels={"app": "csi-nfs-controller"}, sa="csi-nfs-controller-sa", cname="nfs", hostnet=True, req=("10m", "20Mi"),
                lim=(None, "200Mi"), extra_ctrs=[ctr("csi-provisioner", "registry.k8s.io/sig-storage/csi-provisioner:v4.0.0", req=("10m", "20Mi")),
                                                  ctr("liveness-probe", "registry.k8s.io/sig-storage/livenessprobe:v2.12.0", req=("10m", "20Mi"))],
                nodes=Wk, pcn="system-cluster-critical")
    comp_ds(c, "kube-system", "csi-nfs-node", "registry.k8s.io/sig-storage/nfsplugin:v4.7.0", alln(c), age - 4 * D,
            labels={"app": "csi-nfs-node"}, sa="csi-nfs-node-sa", cname="nfs", hostnet=True, req=("10m", "20Mi"), lim=(None, "300Mi"),
            csc={"privileged": True}, pcn="system-cluster-critical", tol=[{"operator": "Exists"}],
            extra_ctrs=[ctr("node-driver-registrar", "registry.k8s.io/sig-storage/csi-node-driver-registrar:v2.10.0", req=("10m", "20Mi"))])
    storageclass(c, "nfs-csi", "nfs.csi.k8s.io", age - 4 * D, {"server": "192.168.88.5", "share": "/tank/k8s"}, reclaim="Retain",
                 binding="Immediate", mount_opts=["nfsvers=4.1"])
    cert_manager(c)
    # ---------------- HR PostgreSQL HA
    ns, rel = "hr-db", "hrpg"
    namespace(c, ns, 400 * D, {"team": "people-systems"})
    helm_release(c, ns, rel, 2, 6 * D + 5 * H - 60, 5 * D + 20 * H)
    ha = helm_ann(rel, ns)
    hl = lambda comp: helm_labels(rel, "postgresql-ha", "14.2.5", "16.3.0", "postgresql-ha", comp)
    secret(c, ns, rel + "-postgresql-ha-postgresql", ["password", "postgres-password", "repmgr-password"], 6 * D + 5 * H - 60, hl("postgresql"), ha)
    secret(c, ns, rel + "-postgresql-ha-pgpool", ["admin-password"], 6 * D + 5 * H - 60, hl("pgpool"), ha)
    sa(c, ns, rel + "-postgresql-ha", 6 * D + 5 * H - 60, hl(None), ha)
    pg_env = [E("BITNAMI_DEBUG", "false"), E("POSTGRESQL_VOLUME_DIR", "/bitnami/postgresql"), E("PGDATA", "/bitnami/postgresql/data"),
              E("POSTGRES_USER", "postgres"), ES("POSTGRES_PASSWORD", rel + "-postgresql-ha-postgresql", "password"),
              E("POSTGRES_DB", "hr"), E("REPMGR_PARTNER_NODES", ",".join("%s-postgresql-ha-postgresql-%d.%s-postgresql-ha-postgresql-headless.%s.svc.cluster.local:5432" % (rel, i, rel, ns) for i in range(3))),
              E("REPMGR_PRIMARY_HOST", "%s-postgresql-ha-postgresql-0.%s-postgresql-ha-postgresql-headless.%s.svc.cluster.local" % (rel, rel, ns)),
              E("REPMGR_USERNAME", "repmgr"), ES("REPMGR_PASSWORD", rel + "-postgresql-ha-postgresql", "repmgr-password"),
              E("REPMGR_DATABASE", "repmgr"), EF("MY_POD_NAME", "metadata.name")]
    pgc = ctr("postgresql", REPMGR, [("postgresql", 5432)], ("250m", "1Gi"), ("1", "2Gi"), pg_env,
              [MT("data", "/bitnami/postgresql"), MT("empty-dir", "/tmp", sub="tmp-dir")],
              lp=ex(["bash", "-ec", "PGPASSWORD=$POSTGRES_PASSWORD psql -w -U \"postgres\" -d \"hr\" -h 127.0.0.1 -p 5432 -c \"SELECT 1\""], d=30, p=10, t=5, f=6),
              rp=ex(["bash", "-ec", "PGPASSWORD=$POSTGRES_PASSWORD psql -w -U \"postgres\" -d \"hr\" -h 127.0.0.1 -p 5432 -c \"SELECT 1\""], d=5, p=10, t=5, f=6),
              sc={"runAsNonRoot": True, "runAsUser": 1001, "allowPrivilegeEscalation": False, "capabilities": {"drop": ["ALL"]}})
    tp = tmpl(hl("postgresql"), [pgc], volumes=[VE("empty-dir")], sa=rel + "-postgresql-ha", psc={"fsGroup": 1001},
              aff=anti_affinity({"app.kubernetes.io/instance": rel, "app.kubernetes.io/name": "postgresql-ha",
                                 "app.kubernetes.io/component": "postgresql"}, weight=1))
    s = statefulset(c, ns, rel + "-postgresql-ha-postgresql", tp, 3, 6 * D + 5 * H - 60, rel + "-postgresql-ha-postgresql-headless",
                    [("data", "40Gi", "local-path")], hl("postgresql"), ha, gen=2)
    sel = s["spec"]["selector"]["matchLabels"]
    service(c, ns, rel + "-postgresql-ha-postgresql", sel, [("postgresql", 5432, "postgresql")], 6 * D + 5 * H - 60, hl("postgresql"), ha)
    service(c, ns, rel + "-postgresql-ha-postgresql-headless", sel, [("postgresql", 5432, "postgresql")], 6 * D + 5 * H - 60,
            hl("postgresql"), ha, headless=True, pna=True)
    for i in range(3):
        sts_pod(c, s, i, Wk[i], 5 * D + 20 * H - 200 * i, pvc_ago=6 * D + 5 * H - 80 - 40 * i)
    pool = comp_deploy(c, ns, rel + "-postgresql-ha-pgpool", "docker.io/bitnami/pgpool:4.5.2-debian-12-r2", 2, 6 * D + 5 * H - 60,
                       labels=hl("pgpool"), sa=rel + "-postgresql-ha", cname="pgpool", ports=[("postgresql", 5432)],
                       req=("250m", "256Mi"), lim=("500m", "512Mi"), nodes=Wk, ann=ha,
                       env=[E("PGPOOL_BACKEND_NODES", ",".join("%d:%s-postgresql-ha-postgresql-%d.%s-postgresql-ha-postgresql-headless:5432" % (i, rel, i, rel) for i in range(3))),
                            E("PGPOOL_SR_CHECK_USER", "repmgr"), ES("PGPOOL_ADMIN_PASSWORD", rel + "-postgresql-ha-pgpool", "admin-password")],
                       rp=ex(["bash", "-ec", "PGPASSWORD=${PGPOOL_POSTGRES_PASSWORD} psql -U \"postgres\" -d \"hr\" -h /opt/bitnami/pgpool/tmp -tA -c \"SELECT 1\" >/dev/null"], d=5, p=5, t=5),
                       svc=[("postgresql", 5432, "postgresql")], pod_ago=[5 * D + 19 * H, 5 * D + 19 * H - 300])
    pvc(c, ns, "hr-db-dumps", "500Gi", "nfs-csi", 300 * D, access=("ReadWriteMany",))
    dump_img = "docker.io/library/postgres:13.15-alpine"
    err = ("pg_dump: error: server version: 16.3; pg_dump version: 13.15\n"
           "pg_dump: error: aborting because of server version mismatch\n")
    tpd = tmpl({"app.kubernetes.io/name": "hr-db-dump", "app.kubernetes.io/part-of": "hr"},
               [ctr("pg-dump", dump_img, cmd=["/bin/sh", "-c", "set -e; f=/dumps/hr-$(date +%Y%m%d-%H%M).dump; "
                                                                "pg_dump -h hrpg-postgresql-ha-pgpool -U postgres -Fc hr -f $f; ls -l $f"],
                    env=[ES("PGPASSWORD", rel + "-postgresql-ha-postgresql", "postgres-password")], mounts=[MT("dumps", "/dumps")],
                    req=("100m", "256Mi"), lim=(None, "1Gi"), fallback=True)],
               volumes=[VP("dumps", "hr-db-dumps")], restart="Never")

    def fst(pa):
        return {"pg-dump": T(1, "Error", pa - 3, pa - 4, err)}
    cj, jobs = cronjob(c, ns, "hr-db-nightly-dump", tpd, "30 0 * * *", D, 30 * M, 300 * D,
                       ["fail"] + [None] * 6 + ["ok", "ok", "ok"], Wk, backoff=3, fail_tries=4, fail_st=fst,
                       dur=(200, 400), hist=(3, 1))
    # ---------------- look-alike: payroll still on PostgreSQL 13 with a matching pg_dump image
    pr = "payroll"
    namespace(c, pr, 400 * D)
    secret(c, pr, "payroll-postgres", ["password"], 400 * D)
    comp_sts(c, pr, "payroll-postgres", "docker.io/library/postgres:13.15", 1, Wk[:1], 400 * D, labels={"app": "payroll-postgres"},
             ports=[("postgres", 5432)], env=[ES("POSTGRES_PASSWORD", "payroll-postgres", "password")], req=("250m", "512Mi"),
             vct=[("data", "20Gi", "local-path")], mounts=[MT("data", "/var/lib/postgresql/data")],
             rp=ex(["pg_isready", "-U", "postgres"], d=5), svc=[("postgres", 5432, "postgres")], hsvc="payroll-postgres")
    comp_deploy(c, pr, "payroll-api", "registry.hr.lan/payroll/api:12.4.0", 1, 380 * D, labels={"app": "payroll-api"},
                ports=[("http", 8080)], env=[E("DB_HOST", "payroll-postgres")], svc=[("http", 80, "http")], nodes=Wk)
    pvc(c, pr, "payroll-dumps", "100Gi", "nfs-csi", 380 * D, access=("ReadWriteMany",))
    tpp = tmpl({"app": "payroll-dump"}, [ctr("pg-dump", "docker.io/library/postgres:13.15-alpine",
                                             cmd=["/bin/sh", "-c", "pg_dump -h payroll-postgres -U postgres -Fc payroll -f /dumps/payroll-$(date +%Y%m%d).dump"],
                                             env=[ES("PGPASSWORD", "payroll-postgres", "password")], mounts=[MT("dumps", "/dumps")])],
               volumes=[VP("dumps", "payroll-dumps")], restart="Never")
    cronjob(c, pr, "payroll-db-dump", tpp, "15 0 * * *", D, 15 * M, 380 * D, ["ok", "ok", "ok"], Wk, dur=(60, 200))
    # ---------------- HR application
    app = "hr"
    namespace(c, app, 400 * D, {"team": "people-systems"})
    secret(c, app, "hr-db", ["DATABASE_URL"], 6 * D)
    for nm, n in (("hr-portal", 2), ("hr-api", 2)):
        app_deploy(c, app, nm, "registry.hr.lan/hr/%s:9.1.0" % nm, n, 300 * D, env=[ES("DATABASE_URL", "hr-db", "DATABASE_URL")],
                   rp=http("/healthz", 8080), nodes=Wk, pod_ago=[5 * D + 18 * H + 60 * i for i in range(n)])
    ingress(c, app, "hr-portal", "nginx", [("hr.corp.lan", "/", "hr-portal", 80)], 300 * D)
    sandbox(c, "sandbox-it", "configerror", "ldap-sync-test", "registry.hr.lan/it/ldap-sync:dev", 9, nodes=Wk)
    blip(c, [x for x in c.all("pods") if x["metadata"]["name"].startswith("hr-portal-") and x["status"].get("phase") == "Running"][0])
    app_netpols(c, app, None, None)
    return {
        "fault": "backup-job-client-version-mismatch",
        "symptom": "Our nightly HR database dumps have not produced a file since the PostgreSQL 16 migration last week; the "
                   "backup job shows BackoffLimitExceeded again tonight. The database itself works fine.",
        "root_cause": {"kind": "CronJob", "namespace": ns, "name": "hr-db-nightly-dump"},
        "explanation": "CronJob hr-db/hr-db-nightly-dump still runs image postgres:13.15-alpine. Since HR moved to the "
                       "postgresql-ha 16.3 release (StatefulSet, pgpool and Helm release created ~6 days ago) every run fails: each pod exits 1 "
                       "with 'pg_dump: error: server version: 16.3; pg_dump version: 13.15 ... aborting because of server version "
                       "mismatch' (termination message) and tonight's Job ended with BackoffLimitExceeded; lastSuccessfulTime is "
                       "from before the migration. The database pods and pgpool are healthy; payroll's dump CronJob works because "
                       "its server is still PostgreSQL 13. Fix: use a pg_dump client >= 16 in the CronJob's job template.",
    }

"""k9-10: Postgres StatefulSet image bumped 15 -> 16 on an existing data directory (kubeadm/Cilium/OpenEBS)."""
from .common import *
from ..registry import incident
from ..bases import kubeadm_base
from ..stor_addons import openebs_local, nfs_subdir
from ..addons import argocd, monitoring, cert_manager, ingress_nginx

MSG = ("\nPostgreSQL Database directory appears to contain a database; Skipping initialization\n\n"
       "2024-04-16 08:%s UTC [1] FATAL:  database files are incompatible with server\n"
       "2024-04-16 08:%s UTC [1] DETAIL:  The data directory was initialized by PostgreSQL version 15, which is not "
       "compatible with this version 16.3 (Debian 16.3-1.pgdg120+1).\n")


def pg_tp(c, lab, image, secret_name):
    return tmpl(lab, [ctr("postgres", image, [("postgres", 5432)], ("500m", "1Gi"), (None, "2Gi"),
                          [E("POSTGRES_DB", "keycloak"), E("POSTGRES_USER", "keycloak"),
                           ES("POSTGRES_PASSWORD", secret_name, "password"), E("PGDATA", "/var/lib/postgresql/data/pgdata")],
                          [MT("data", "/var/lib/postgresql/data")],
                          rp=ex(["sh", "-c", "pg_isready -U keycloak -d keycloak"], d=5, p=10, t=3),
                          lp=ex(["sh", "-c", "pg_isready -U keycloak -d keycloak"], d=30, p=20, t=3), fallback=True)],
                psc={"fsGroup": 999})


@incident("k9-10", profile("kubeadm", version="v1.30.2"), "2024-04-16T08:39:27Z",
          "kubeadm v1.30 (1 CP + 3 workers), Cilium + Hubble, OpenEBS LocalPV hostpath, NFS subdir provisioner, Argo CD")
def build(c):
    age = 380 * D
    specs = [dict(name="k8s-ctl", ip="10.8.0.10", role="control-plane", ago=age, cpu=4, mem=8)]
    specs += [dict(name="k8s-node%d" % i, ip="10.8.0.%d" % (10 + i), ago=age - 600 * i, cpu=8, mem=32) for i in (1, 2, 3)]
    kubeadm_base(c, specs, age, net="cilium", pod_net="10.0.", cilium_opts={"hubble": True})
    Wk = workers(c)
    openebs_local(c, age - 2 * D)
    nfs_subdir(c, age - 3 * D, server="10.8.0.50", path="/export/k8s")
    argocd(c)
    mon = monitoring(c, prom_sc="openebs-hostpath", nodes=Wk)
    cert_manager(c)
    ingress_nginx(c, n=2, svc_type="NodePort")
    # ---------------- identity (Keycloak + its Postgres)
    ns = "iam"
    namespace(c, ns, 300 * D, {"argocd.argoproj.io/instance": "iam"})
    lab = {"app.kubernetes.io/name": "keycloak-postgres", "app.kubernetes.io/part-of": "iam", "argocd.argoproj.io/instance": "iam"}
    secret(c, ns, "keycloak-db", ["password", "username"], 300 * D, {"argocd.argoproj.io/instance": "iam"})
    argo = {"argocd.argoproj.io/tracking-id": "iam:apps/StatefulSet:iam/keycloak-postgres"}
    t_old = pg_tp(c, lab, "docker.io/library/postgres:15.7", "keycloak-db")
    t_new = pg_tp(c, lab, "docker.io/library/postgres:16.3", "keycloak-db")
    s = statefulset(c, ns, "keycloak-postgres", t_old, 1, 300 * D, "keycloak-postgres", [("data", "20Gi", "openebs-hostpath")],
                    lab, argo, update_tp=t_new, gen=6)
    service(c, ns, "keycloak-postgres", s["spec"]["selector"]["matchLabels"], [("postgres", 5432, "postgres")], 300 * D, lab,
            {"argocd.argoproj.io/tracking-id": "iam:/Service:iam/keycloak-postgres"})
    up = 18 * M + 22
    times = []
    for k in range(8):
        t = up - 40 - int((2 ** min(k, 5)) * 10) - k * 20
        times.append(t)
    m = MSG % ("%02d:%02d.%03d" % (38, 3, 118), "%02d:%02d.%03d" % (38, 3, 118))
    p = sts_pod(c, s, 0, Wk[1], up, st={"postgres": CL(8, 1, "Error", 86, 85, m)}, pvc_ago=300 * D)
    cev(c, s, "SuccessfulDelete", "delete Pod keycloak-postgres-0 in StatefulSet keycloak-postgres successful", first=up + 5)
    crash_events(c, p, "postgres", 8, up - 3, 85)
    # Keycloak
    klab = {"app.kubernetes.io/name": "keycloak", "app.kubernetes.io/part-of": "iam", "argocd.argoproj.io/instance": "iam"}
    kerr = ("2024-04-16 08:%02d:%02d,%03d ERROR [org.keycloak.quarkus.runtime.cli.ExecutionExceptionHandler] (main) ERROR: Failed to start server in (production) mode\n"
            "ERROR: Failed to obtain JDBC connection\nERROR: Connection to keycloak-postgres:5432 refused. Check that the hostname and port "
            "are correct and that the postmaster is accepting TCP/IP connections.\nERROR: Connection refused\n")
    kc = comp_deploy(c, ns, "keycloak", "quay.io/keycloak/keycloak:24.0.2", 2, 300 * D, labels=klab,
                     ports=[("http", 8080), ("management", 9000)], req=("500m", "1Gi"), lim=(None, "2Gi"),
                     args=["start", "--optimized"], env=[E("KC_DB", "postgres"), E("KC_DB_URL_HOST", "keycloak-postgres"),
                                                         ES("KC_DB_USERNAME", "keycloak-db", "username"),
                                                         ES("KC_DB_PASSWORD", "keycloak-db", "password"),
                                                         E("KC_HOSTNAME", "sso.lab8.example.net"), E("KC_PROXY_HEADERS", "xforwarded")],
                     rp=http("/health/ready", "management", d=30), lp=http("/health/live", "management", d=60), fallback=True,
                     svc=[("http", 80, "http")], nodes=Wk, old=3,
                     st=[{"keycloak": CL(6 - i, 1, "Error", 200 + i * 50, 160 + i * 50,
                                         kerr % (37 - i, c.rng.randint(0, 59), c.rng.randint(0, 999)))} for i in range(2)],
                     pod_ago=[12 * D + 40, 12 * D + 300],
                     ann={"argocd.argoproj.io/tracking-id": "iam:apps/Deployment:iam/keycloak"})
    for i, kp in enumerate(kc["pods"]):
        crash_events(c, kp, "keycloak", 6 - i, up - 60, 160 + i * 50)
    ingress(c, ns, "keycloak", "nginx", [("sso.lab8.example.net", "/", "keycloak", 80)], 300 * D, tls="sso-tls")
    secret(c, ns, "sso-tls", ["ca.crt", "tls.crt", "tls.key"], 20 * D, typ="kubernetes.io/tls")
    tpb = tmpl({"app.kubernetes.io/name": "keycloak-pg-dump"},
               [ctr("pg-dump", "docker.io/library/postgres:15.7",
                    cmd=["sh", "-c", "pg_dump -h keycloak-postgres -U keycloak -Fc keycloak > /dumps/keycloak-$(date +%F).dump"],
                    env=[ES("PGPASSWORD", "keycloak-db", "password")], mounts=[MT("dumps", "/dumps")])],
               volumes=[VP("dumps", "keycloak-dumps")], restart="OnFailure")
    pvc(c, ns, "keycloak-dumps", "50Gi", "nfs-client", 250 * D, access=("ReadWriteMany",))
    cronjob(c, ns, "keycloak-pg-dump", tpb, "0 2 * * *", D, 2 * H, 250 * D, ["ok", "ok", "ok"], Wk, dur=(30, 90))
    # ---------------- look-alike: gitea postgres still on 15.7, healthy
    g = "gitea"
    namespace(c, g, 280 * D, {"argocd.argoproj.io/instance": "gitea"})
    secret(c, g, "gitea-db", ["password"], 280 * D)
    comp_sts(c, g, "gitea-postgres", "docker.io/library/postgres:15.7", 1, Wk[2:3], 280 * D,
             labels={"app.kubernetes.io/name": "gitea-postgres", "argocd.argoproj.io/instance": "gitea"},
             ports=[("postgres", 5432)], env=[ES("POSTGRES_PASSWORD", "gitea-db", "password"), E("PGDATA", "/var/lib/postgresql/data/pgdata")],
             req=("250m", "512Mi"), vct=[("data", "30Gi", "openebs-hostpath")], mounts=[MT("data", "/var/lib/postgresql/data")],
             rp=ex(["sh", "-c", "pg_isready -U postgres"], d=5), svc=[("postgres", 5432, "postgres")], hsvc="gitea-postgres")
    comp_deploy(c, g, "gitea", "docker.gitea.com/gitea:1.21.10-rootless", 1, 280 * D, labels={"app.kubernetes.io/name": "gitea"},
                ports=[("http", 3000), ("ssh", 2222)], req=("100m", "256Mi"), vols=[VP("repos", "gitea-repos")],
                mounts=[MT("repos", "/var/lib/gitea")], rp=tcp("http", d=10), svc=[("http", 80, "http")], nodes=Wk)
    pvc(c, g, "gitea-repos", "100Gi", "nfs-client", 279 * D, access=("ReadWriteMany",))
    sandbox(c, "sandbox-lkim", "crashloop", "pgadmin-try", "docker.io/dpage/pgadmin4:8.5", 7, nodes=Wk)
    blip(c, c.all("pods")[[x["metadata"]["name"].startswith("argocd-server") for x in c.all("pods")].index(True)])
    old_restart(c, mon["graf"]["pods"][0], 4, "OOMKilled", 137, "grafana")
    blip(c, [x for x in c.all("pods") if x["metadata"]["name"].startswith("gitea-") and x["status"].get("phase") == "Running"][0])
    app_netpols(c, g, "ingress-nginx", "monitoring")
    return {
        "fault": "major-version-upgrade-incompatible-datadir",
        "symptom": "Single sign-on is down for everything: Keycloak crash-loops with 'Failed to obtain JDBC connection' and its "
                   "Postgres pod restarts constantly since an automated dependency update was synced about 20 minutes ago.",
        "root_cause": {"kind": "StatefulSet", "namespace": ns, "name": "keycloak-postgres"},
        "explanation": "Argo CD synced a dependency bump that changed the keycloak-postgres StatefulSet image from postgres:15.7 "
                       "to postgres:16.3 (updateRevision differs from currentRevision; generation 6). The new pod mounts the existing "
                       "PVC (created ~300 days ago with a v15 cluster) and exits with 'FATAL: database files are incompatible with "
                       "server ... initialized by PostgreSQL version 15, which is not compatible with this version 16.3' "
                       "(termination message), so it is in CrashLoopBackOff; Keycloak then cannot connect and crash-loops too. "
                       "A major PostgreSQL upgrade needs pg_upgrade/dump-restore, not an image swap. gitea-postgres on 15.7 is "
                       "healthy. Fix: roll the StatefulSet image back to 15.x (then plan a proper upgrade).",
    }

"""k9-19: fresh MySQL StatefulSet mounts the Azure disk root as datadir; lost+found breaks --initialize (AKS)."""
from .common import *
from ..registry import incident
from ..bases3 import aks_base
from ..addons import ingress_nginx, cert_manager, monitoring

MSG = ("2024-06-04 09:%s+00:00 [Note] [Entrypoint]: Entrypoint script for MySQL Server 8.0.37-1.el9 started.\n"
       "2024-06-04 09:%s+00:00 [Note] [Entrypoint]: Initializing database files\n"
       "2024-06-04T09:%s.118204Z 0 [System] [MY-013169] [Server] /usr/sbin/mysqld (mysqld 8.0.37) initializing of server in progress as process 80\n"
       "2024-06-04T09:%s.120377Z 0 [ERROR] [MY-010457] [Server] --initialize specified but the data directory has files in it. Aborting.\n"
       "2024-06-04T09:%s.120395Z 0 [ERROR] [MY-013236] [Server] The designated data directory /var/lib/mysql/ is unusable. You can remove all files that the server added to it.\n"
       "2024-06-04T09:%s.120539Z 0 [ERROR] [MY-010119] [Server] Aborting\n"
       "2024-06-04T09:%s.121002Z 0 [System] [MY-010910] [Server] /usr/sbin/mysqld: Shutdown complete (mysqld 8.0.37)  MySQL Community Server - GPL.\n")


def my_tp(lab, sec, sub=None):
    return tmpl(lab, [ctr("mysql", "mysql:8.0.37", [("mysql", 3306)], ("1", "4Gi"), ("2", "4Gi"),
                          [ES("MYSQL_ROOT_PASSWORD", sec, "root-password"), E("MYSQL_DATABASE", "wms"), ES("MYSQL_USER", sec, "user"),
                           ES("MYSQL_PASSWORD", sec, "password")],
                          [MT("data", "/var/lib/mysql", sub=sub), MT("conf", "/etc/mysql/conf.d", True)],
                          rp=ex(["sh", "-c", "mysqladmin ping -h 127.0.0.1 -uroot -p\"$MYSQL_ROOT_PASSWORD\""], d=10, p=10, t=5),
                          lp=tcp("mysql", d=120, p=20), fallback=True)],
                volumes=[VC("conf", "wms-mysql-conf")], psc={"fsGroup": 999})


@incident("k9-19", profile("aks", version="v1.28.9"), "2024-06-04T09:47:55Z",
          "AKS 1.28 (single agent pool, 4 nodes, zones 1-3), Azure CNI, Azure Disk CSI")
def build(c):
    age = 360 * D
    specs = [dict(name="aks-agentpool-90517322-vmss00000%d" % i, ip="10.224.0.%d" % (4 + i), zone="germanywestcentral-%d" % (i % 3 + 1),
                  ago=14 * D + 120 * i, cpu=8, mem=32, pool_name="agentpool", mode="system", itype="Standard_D8s_v5") for i in range(4)]
    aks_base(c, specs, age, cluster="aks-logistics-gwc", rg="rg-logistics", region="germanywestcentral")
    N = alln(c)
    ingress_nginx(c, n=2, lb={"ip": "20.218.%d.%d" % (c.rng.randint(1, 250), c.rng.randint(1, 250))})
    cert_manager(c)
    monitoring(c, prom_sc="managed-csi", nodes=N)
    # ---------------- new self-hosted MySQL
    ns = "wms-db"
    namespace(c, ns, 3 * D, {"team": "logistics"})
    secret(c, ns, "wms-mysql-auth", ["password", "root-password", "user"], 3 * D - 100)
    cm(c, ns, "wms-mysql-conf", {"wms.cnf": "[mysqld]\ninnodb_buffer_pool_size=2G\nmax_connections=400\nbinlog_expire_logs_seconds=259200\n"
                                            "character-set-server=utf8mb4\n"}, 3 * D - 100)
    lab = {"app.kubernetes.io/name": "wms-mysql", "app.kubernetes.io/part-of": "wms", "app.kubernetes.io/instance": "prod"}
    t0 = 34 * M + 50
    s = statefulset(c, ns, "wms-mysql", my_tp(lab, "wms-mysql-auth"), 1, t0, "wms-mysql",
                    [("data", "256Gi", "managed-csi-premium")], lab)
    service(c, ns, "wms-mysql", s["spec"]["selector"]["matchLabels"], [("mysql", 3306, "mysql")], t0, lab)
    parts = []
    for k in range(7):
        parts.append("%02d:%02d" % (46, 30 + k // 3) + (".%03d" % c.rng.randint(0, 999) if k < 2 else ""))
    m = MSG % tuple(parts)
    p = sts_pod(c, s, 0, N[2], t0 - 6, st={"mysql": CL(11, 1, "Error", 86, 84, m)}, pvc_ago=t0 - 4)
    crash_events(c, p, "mysql", 11, t0 - 40, 84)
    claim = c.get("persistentvolumeclaims", ns, "data-wms-mysql-0")
    event(c, claim, "ProvisioningSucceeded", "Successfully provisioned volume %s" % claim["spec"]["volumeName"], "Normal", 1, t0 - 20,
          comp="disk.csi.azure.com_csi-azuredisk-controller-%s-%s_%s" % (c.sfx(10), c.sfx(5), c.uid()))
    event(c, p, "SuccessfulAttachVolume", 'AttachVolume.Attach succeeded for volume "%s" ' % claim["spec"]["volumeName"], "Normal", 1,
          t0 - 36, comp="attachdetach-controller")
    # look-alike: staging MySQL created from the same manifest but with subPath
    st = "wms-staging"
    namespace(c, st, 40 * D, {"team": "logistics"})
    secret(c, st, "wms-mysql-auth", ["password", "root-password", "user"], 40 * D)
    cm(c, st, "wms-mysql-conf", {"wms.cnf": "[mysqld]\ninnodb_buffer_pool_size=512M\n"}, 40 * D)
    lab2 = dict(lab, **{"app.kubernetes.io/instance": "staging"})
    s2 = statefulset(c, st, "wms-mysql", my_tp(lab2, "wms-mysql-auth", sub="mysql"), 1, 40 * D, "wms-mysql",
                     [("data", "32Gi", "managed-csi")], lab2)
    service(c, st, "wms-mysql", s2["spec"]["selector"]["matchLabels"], [("mysql", 3306, "mysql")], 40 * D, lab2)
    sts_pod(c, s2, 0, N[1], 9 * D, pvc_ago=40 * D)
    comp_deploy(c, st, "wms-api", "crlogistics.azurecr.io/wms/api:4.0.0-rc3", 1, 40 * D, labels={"app.kubernetes.io/name": "wms-api"},
                ports=[("http", 8080)], env=[E("DB_HOST", "wms-mysql")], rp=http("/health", "http"), svc=[("http", 80, "http")], nodes=N)
    # ---------------- application
    app = "wms"
    namespace(c, app, 300 * D, {"team": "logistics"})
    secret(c, app, "wms-db", ["DB_PASSWORD", "DB_USER"], 3 * D)
    cm(c, app, "wms-config", {"DB_HOST": "wms-mysql.wms-db.svc.cluster.local", "DB_NAME": "wms", "FEATURE_SELF_HOSTED_DB": "true"}, 3 * D)
    envf = [{"configMapRef": {"name": "wms-config"}}, {"secretRef": {"name": "wms-db"}}]
    api = app_deploy(c, app, "wms-api", "crlogistics.azurecr.io/wms/api:4.0.0", 3, 250 * D, rp=http("/health", 8080), nodes=N, env_from=envf,
                     st=[{"wms-api": R(since=t0 - 60 - 30 * i, ready=False)} for i in range(3)], pod_ago=[t0 - 50 - 30 * i for i in range(3)], old=3)
    for ap in api["pods"]:
        unhealthy(c, ap, "wms-api", "Readiness", "HTTP probe failed with statuscode: 503", c.rng.randint(190, 200), t0 - 90)
    app_deploy(c, app, "wms-scanner-gateway", "crlogistics.azurecr.io/wms/scanner-gateway:2.7.1", 2, 250 * D, rp=tcp(8080), nodes=N)
    tpr = tmpl({"app.kubernetes.io/name": "wms-nightly-report"},
               [ctr("report", "crlogistics.azurecr.io/wms/reports:1.9.0", req=("100m", "256Mi"))], restart="Never")
    cronjob(c, app, "wms-nightly-report", tpr, "0 4 * * *", D, 4 * H, 250 * D, ["ok", "ok", "ok"], N, dur=(100, 400))
    ingress(c, app, "wms-api", "nginx", [("wms.logistics.example.de", "/", "wms-api", 80)], 250 * D, tls="wms-tls")
    secret(c, app, "wms-tls", ["tls.crt", "tls.key"], 50 * D, typ="kubernetes.io/tls")
    sandbox(c, "sandbox-lgx", "pending", "route-optimizer", "crlogistics.azurecr.io/lab/route-optimizer:gpu", 8, nodes=N)
    blip(c, [x for x in c.all("pods") if x["metadata"]["name"].startswith("wms-scanner-gateway-") and x["status"].get("phase") == "Running"][0])
    evicted_leftover(c, c.get("replicasets", app, [r for r in c.store["replicasets"] if r[0] == app and r[1].startswith("wms-scanner-gateway-")][-1][1]), N[0], 6)
    return {
        "fault": "datadir-not-empty-lost-found",
        "symptom": "We moved the warehouse system from managed MySQL to a self-hosted MySQL in AKS this morning. The new MySQL "
                   "pod never starts (CrashLoopBackOff) and wms-api is not ready. The staging copy works fine.",
        "root_cause": {"kind": "StatefulSet", "namespace": ns, "name": "wms-mysql"},
        "explanation": "StatefulSet wms-db/wms-mysql (created ~35 min ago) mounts the freshly formatted Azure disk directly at "
                       "/var/lib/mysql. An ext4 filesystem root contains lost+found, so the entrypoint's first-time "
                       "initialisation fails: '[ERROR] [MY-010457] [Server] --initialize specified but the data directory has "
                       "files in it. Aborting.' (termination message, exit 1, 11 restarts). The PVC was provisioned and attached "
                       "normally. The staging StatefulSet built from the same manifest mounts the volume with subPath: mysql and "
                       "is healthy. Fix: add subPath (or point --datadir at a subdirectory) in the StatefulSet's volumeMount.",
    }

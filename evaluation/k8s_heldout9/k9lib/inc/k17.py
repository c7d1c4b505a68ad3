"""k9-17: selector-less Service's hand-maintained Endpoints still point at the decommissioned SQL Server VM (AKS)."""
from .common import *
from ..registry import incident
from ..bases3 import aks_base
from ..addons import ingress_nginx, cert_manager, external_secrets


@incident("k9-17", profile("aks", version="v1.30.3"), "2024-03-12T07:42:10Z",
          "AKS 1.30 (system + apps node pools), Azure CNI, Azure Disk/File CSI; external SQL Server VMs", hard=True)
def build(c):
    age = 700 * D
    specs = [dict(name="aks-npsys-61048237-vmss00000%d" % i, ip="10.40.0.%d" % (4 + i), zone="northeurope-%d" % (i + 1), ago=25 * D + i * 90,
                  cpu=4, mem=16, pool_name="npsys", mode="system", itype="Standard_D4ds_v5") for i in range(2)]
    specs += [dict(name="aks-npapps-61048237-vmss00000%d" % i, ip="10.40.0.%d" % (35 + i), zone="northeurope-%d" % (i + 1), ago=25 * D + 600 + i * 90,
                   cpu=8, mem=32, pool_name="npapps", mode="user", itype="Standard_D8ds_v5") for i in range(3)]
    aks_base(c, specs, age, cluster="aks-erp-neu", rg="rg-erp-prod", region="northeurope")
    APPS = ["aks-npapps-61048237-vmss00000%d" % i for i in range(3)]
    ingress_nginx(c, n=2, lb={"ip": "10.40.8.10"})
    cert_manager(c)
    external_secrets(c)
    ns = "erp-integration"
    namespace(c, ns, 600 * D, {"team": "erp"})
    mig = 8 * H + 35 * M
    lab = {"app.kubernetes.io/part-of": "erp"}
    prim = service(c, ns, "erp-sql", None, [("tds", 1433, 1433)], 600 * D, lab,
                   {"description": "SQL Server ERP primary (sqlvm-erp-01). Endpoints maintained manually, see erp-sql-topology."})
    manual_endpoints(c, prim, ["10.50.4.21"], [("tds", 1433)], 600 * D, lab)
    ro = service(c, ns, "erp-sql-ro", None, [("tds", 1433, 1433)], 600 * D, lab,
                 {"description": "SQL Server ERP readable secondaries. Endpoints maintained manually, see erp-sql-topology."})
    manual_endpoints(c, ro, ["10.50.4.38", "10.50.4.39"], [("tds", 1433)], 600 * D, lab)
    c.get("endpoints", ns, "erp-sql-ro")["metadata"]["annotations"] = {
        "ops.example.com/last-change": "2024-03-11T23:09Z cut-over to sqlvm-erp-02 (AG erp-ag01); secondaries sqlvm-erp-03/04"}
    cm(c, ns, "erp-sql-topology", {"topology.yaml": "# SQL Server estate for ERP (updated by DBA during the 2024-03-11 cut-over)\n"
                                                   "primary:\n  host: sqlvm-erp-02.erp.corp\n  ip: 10.50.4.37\n  since: 2024-03-11T23:05Z\n"
                                                   "secondaries:\n  - {host: sqlvm-erp-03.erp.corp, ip: 10.50.4.38}\n"
                                                   "  - {host: sqlvm-erp-04.erp.corp, ip: 10.50.4.39}\n"
                                                   "decommissioned:\n  - {host: sqlvm-erp-01.erp.corp, ip: 10.50.4.21, stopped: 2024-03-11T23:02Z}\n"},
       mig - 300, lab)
    secret(c, ns, "erp-sql-login", ["password", "username"], 500 * D, ann={"reconcile.external-secrets.io/data-hash": c.hexs(32)})
    envs = [E("SQL_HOST", "erp-sql.erp-integration.svc.cluster.local"), E("SQL_DATABASE", "ERP_PROD"),
            ES("SQL_USER", "erp-sql-login", "username"), ES("SQL_PASSWORD", "erp-sql-login", "password")]
    err = ("Unhandled exception. Microsoft.Data.SqlClient.SqlException (0x80131904): A network-related or instance-specific error "
           "occurred while establishing a connection to SQL Server. The server was not found or was not accessible. Verify that the "
           "instance name is correct and that SQL Server is configured to allow remote connections. (provider: TCP Provider, "
           "error: 40 - Could not open a connection to SQL Server: Connection refused)\n ---> System.Net.Sockets.SocketException "
           "(111): Connection refused\n   at Microsoft.Data.SqlClient.SqlInternalConnection.OnError(SqlException exception, "
           "Boolean breakConnection, Action`1 wrapCloseInAction)\n")
    img = "acrerpprod.azurecr.io/erp/%s"
    con = app_deploy(c, ns, "erp-connector", img % "erp-connector:8.2.14", 2, 400 * D, env=envs, fallback=True, nodes=APPS,
                     rp=http("/health/ready", 8080), st=[{"erp-connector": CL(97 + i, 134, "Error", 180 + 40 * i, 150 + 40 * i, err)} for i in range(2)],
                     pod_ago=[20 * D + 300, 20 * D + 900])
    for i, p in enumerate(con["pods"]):
        crash_events(c, p, "erp-connector", 97 + i, 3500, 150 + 40 * i)
    rep = app_deploy(c, ns, "erp-reporting", img % "erp-reporting:8.2.14", 1, 400 * D, nodes=APPS, rp=http("/health/ready", 8080),
                     env=[E("SQL_HOST", "erp-sql-ro.erp-integration.svc.cluster.local"), E("SQL_DATABASE", "ERP_PROD"),
                          E("ApplicationIntent", "ReadOnly"), ES("SQL_USER", "erp-sql-login", "username"),
                          ES("SQL_PASSWORD", "erp-sql-login", "password")])
    tpj = tmpl({"app.kubernetes.io/name": "invoice-sync", "app.kubernetes.io/part-of": "erp"},
               [ctr("invoice-sync", img % "invoice-sync:8.2.14", env=envs, req=("100m", "256Mi"), lim=(None, "512Mi"), fallback=True)],
               restart="Never")

    def fst(pa):
        return {"invoice-sync": T(134, "Error", pa - 3, pa - 21, err)}
    cronjob(c, ns, "invoice-sync", tpj, "*/10 * * * *", 600, 0, 400 * D, ["fail"] + [None] * 52 + ["ok", "ok", "ok"], APPS,
            backoff=1, fail_tries=2, fail_st=fst, dur=(40, 90))
    # ---------------- customer portal (Azure Database for PostgreSQL via ExternalName - healthy)
    pt = "portal"
    namespace(c, pt, 300 * D, {"team": "web"})
    o = c.new("services", "portal-db", pt, 300 * D, {"app": "portal"})
    o["spec"] = {"externalName": "psql-portal-prod.postgres.database.azure.com", "sessionAffinity": "None", "type": "ExternalName"}
    o["status"] = {"loadBalancer": {}}
    app_deploy(c, pt, "portal-web", img % "portal-web:5.1.0", 2, 250 * D, nodes=APPS, rp=http("/", 8080),
               env=[E("PGHOST", "portal-db"), E("PGSSLMODE", "require")])
    ingress(c, pt, "portal-web", "nginx", [("portal.erp-customer.example.com", "/", "portal-web", 80)], 250 * D, tls="portal-tls")
    secret(c, pt, "portal-tls", ["tls.crt", "tls.key"], 40 * D, typ="kubernetes.io/tls")
    sandbox(c, "sandbox-erpdev", "imagepull", "sqlpackage-runner", "acrerpprod.azurecr.io/dev/sqlpackage-runner:0.0.1", 11, nodes=APPS)
    blip(c, rep["pods"][0])
    evicted_leftover(c, c.get("replicasets", pt, [r for r in c.store["replicasets"] if r[0] == pt and r[1].startswith("portal-web-")][-1][1]), APPS[1], 6)
    app_netpols(c, pt, "ingress-nginx", None)
    return {
        "fault": "stale-manual-endpoints",
        "symptom": "Since the SQL Server migration last night the ERP connector crash-loops with 'Connection refused' and the "
                   "invoice sync job fails every run. The DBAs say the new primary is up and reachable from their jump host.",
        "root_cause": {"kind": "Endpoints", "namespace": ns, "name": "erp-sql"},
        "explanation": "erp-sql is a selector-less Service whose Endpoints are maintained by hand. They still contain 10.50.4.21, "
                       "the decommissioned sqlvm-erp-01 (see ConfigMap erp-sql-topology: primary is now 10.50.4.37 since the "
                       "2024-03-11 cut-over, 10.50.4.21 stopped). The mirrored EndpointSlice carries the same stale address, so "
                       "connections from erp-connector and invoice-sync to erp-sql:1433 are refused (termination messages show "
                       "SqlException ... Connection refused). The sibling erp-sql-ro Endpoints were updated during the cut-over "
                       "and erp-reporting, which uses them, is healthy. Fix: update the erp-sql Endpoints to 10.50.4.37.",
    }

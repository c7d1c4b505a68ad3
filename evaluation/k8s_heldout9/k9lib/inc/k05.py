"""k9-05: MySQL StatefulSet hard-codes UIDs that OpenShift restricted-v2 SCC rejects (FailedCreate)."""
from .common import *
from ..registry import incident
from ..bases2 import openshift_base
from ..stor_addons import odf

SCC_MSG = ('pods "crm-mysql-0" is forbidden: unable to validate against any security context constraint: '
           '[provider "anyuid": Forbidden: not usable by user or serviceaccount, provider restricted-v2: '
           '.spec.securityContext.fsGroup: Invalid value: []int64{999}: 999 is not an allowed group, '
           'spec.initContainers[0].securityContext.runAsUser: Invalid value: 0: must be in the ranges: [1000680000, 1000689999], '
           'spec.containers[0].securityContext.runAsUser: Invalid value: 999: must be in the ranges: [1000680000, 1000689999], '
           'provider "restricted": Forbidden: not usable by user or serviceaccount, provider "nonroot-v2": Forbidden: not usable '
           'by user or serviceaccount, provider "nonroot": Forbidden: not usable by user or serviceaccount, provider '
           '"hostmount-anyuid": Forbidden: not usable by user or serviceaccount, provider "machine-api-termination-handler": '
           'Forbidden: not usable by user or serviceaccount, provider "hostnetwork-v2": Forbidden: not usable by user or '
           'serviceaccount, provider "hostnetwork": Forbidden: not usable by user or serviceaccount, provider "hostaccess": '
           'Forbidden: not usable by user or serviceaccount, provider "privileged": Forbidden: not usable by user or serviceaccount]')


@incident("k9-05", profile("openshift"), "2024-08-14T11:26:40Z", "OpenShift 4.15 (3 masters + 4 workers), OVN-Kubernetes, ODF (Ceph RBD)")
def build(c):
    age = 330 * D
    dom = "ocp-fra.corp.example.net"
    specs = [dict(name="master-%d.%s" % (i, dom), ip="10.71.4.%d" % (10 + i), role="master", ago=age - i * 30, cpu=8, mem=32)
             for i in range(3)]
    specs += [dict(name="worker-%d.%s" % (i, dom), ip="10.71.4.%d" % (20 + i), ago=age - 3600 - i * 200, cpu=16, mem=64,
                   labels={"cluster.ocs.openshift.io/openshift-storage": ""} if i < 3 else None) for i in range(4)]
    openshift_base(c, specs, age)
    Wk = workers(c)
    odf(c, age - 2 * D, nodes=Wk)
    # ---------------- database namespace (cut-over from the old VM-based CRM today)
    ns = "crm-db"
    namespace(c, ns, 12 * D, {"app.kubernetes.io/part-of": "crm"},
              {"openshift.io/sa.scc.uid-range": "1000680000/10000", "openshift.io/sa.scc.supplemental-groups": "1000680000/10000",
               "openshift.io/sa.scc.mcs": "s0:c26,c15", "openshift.io/requester": "j.keller", "openshift.io/display-name": "CRM database"})
    lab = {"app": "crm-mysql", "app.kubernetes.io/name": "mysql", "app.kubernetes.io/part-of": "crm"}
    cm(c, ns, "crm-mysql-cnf", {"crm.cnf": "[mysqld]\ninnodb_buffer_pool_size=6G\ninnodb_log_file_size=1G\n"
                                          "max_connections=500\nbinlog_expire_logs_seconds=604800\n"
                                          "character-set-server=utf8mb4\nsql_mode=STRICT_TRANS_TABLES,NO_ENGINE_SUBSTITUTION\n"}, 52 * M, lab)
    secret(c, ns, "crm-mysql-secret", ["mysql-password", "mysql-root-password", "mysql-user"], 52 * M, lab)
    sa(c, ns, "crm-mysql", 52 * M, lab)
    init = [ctr("init-chown-data", "docker.io/library/busybox:1.36", cmd=["sh", "-c", "chown -R 999:999 /var/lib/mysql"],
                mounts=[MT("data", "/var/lib/mysql")], sc={"runAsUser": 0})]
    my = ctr("mysql", "docker.io/library/mysql:8.0.37", [("mysql", 3306)], ("2", "8Gi"), ("4", "8Gi"),
             [ES("MYSQL_ROOT_PASSWORD", "crm-mysql-secret", "mysql-root-password"),
              ES("MYSQL_USER", "crm-mysql-secret", "mysql-user"), ES("MYSQL_PASSWORD", "crm-mysql-secret", "mysql-password"),
              E("MYSQL_DATABASE", "crm")],
             [MT("data", "/var/lib/mysql"), MT("conf", "/etc/mysql/conf.d")],
             rp=ex(["sh", "-c", "mysqladmin ping -uroot -p\"$MYSQL_ROOT_PASSWORD\""], d=15, p=10, t=5),
             lp=tcp("mysql", d=60, p=20), sc={"runAsUser": 999, "runAsGroup": 999, "allowPrivilegeEscalation": False})
    tp = tmpl(lab, [my], init, [VC("conf", "crm-mysql-cnf")], sa="crm-mysql", psc={"fsGroup": 999})
    s = statefulset(c, ns, "crm-mysql", tp, 3, 52 * M, "crm-mysql-headless", [("data", "200Gi", "ocs-storagecluster-ceph-rbd")], lab)
    sel = s["spec"]["selector"]["matchLabels"]
    service(c, ns, "crm-mysql", sel, [("mysql", 3306, "mysql")], 52 * M, lab)
    service(c, ns, "crm-mysql-headless", sel, [("mysql", 3306, "mysql")], 52 * M, lab, headless=True)
    claim, _ = pvc(c, ns, "data-crm-mysql-0", "200Gi", "ocs-storagecluster-ceph-rbd", 52 * M - 2, labels=sel)
    cev(c, s, "SuccessfulCreate", "create Claim data-crm-mysql-0 Pod crm-mysql-0 in StatefulSet crm-mysql success", first=52 * M - 2)
    cev(c, s, "FailedCreate", "create Pod crm-mysql-0 in StatefulSet crm-mysql failed error: " + SCC_MSG, "Warning",
        count=31, first=52 * M - 3, last=c.rng.randint(20, 200))
    cev(c, claim, "ExternalProvisioning", "Waiting for a volume to be created either by the external provisioner "
        "'openshift-storage.rbd.csi.ceph.com' or manually by the system administrator. If volume creation is delayed, please "
        "verify that the provisioner is running and correctly registered.", count=2, first=52 * M - 2, last=52 * M - 6)
    event(c, claim, "ProvisioningSucceeded", "Successfully provisioned volume %s" % claim["spec"]["volumeName"], "Normal", 1,
          52 * M - 7, comp="openshift-storage.rbd.csi.ceph.com_csi-rbdplugin-provisioner-%s-%s_%s" % (c.sfx(10), c.sfx(5), c.uid()))
    # healthy look-alike in the same namespace: Redis without hard-coded UIDs
    clab = {"app": "crm-cache", "app.kubernetes.io/part-of": "crm"}
    comp_deploy(c, ns, "crm-cache", "registry.redhat.io/rhel9/redis-7:1-23", 1, 52 * M, labels=clab, ports=[("redis", 6379)],
                req=("100m", "256Mi"), lim=(None, "512Mi"), rp=tcp("redis"), svc=[("redis", 6379, "redis")],
                pod_ago=[51 * M], nodes=Wk)
    # ---------------- application namespace
    app = "crm"
    namespace(c, app, 12 * D, {"app.kubernetes.io/part-of": "crm"}, {"openshift.io/sa.scc.uid-range": "1000690000/10000",
                                                                     "openshift.io/sa.scc.supplemental-groups": "1000690000/10000",
                                                                     "openshift.io/sa.scc.mcs": "s0:c26,c20"})
    cm(c, app, "crm-config", {"DB_HOST": "crm-mysql.crm-db.svc", "DB_PORT": "3306", "DB_NAME": "crm",
                              "REDIS_HOST": "crm-cache.crm-db.svc"}, 11 * D)
    secret(c, app, "crm-db-login", ["DB_PASSWORD", "DB_USER"], 11 * D)
    env = [EC("DB_HOST", "crm-config", "DB_HOST"), EC("DB_NAME", "crm-config", "DB_NAME"),
           ES("DB_USER", "crm-db-login", "DB_USER"), ES("DB_PASSWORD", "crm-db-login", "DB_PASSWORD")]
    img = "image-registry.openshift-image-registry.svc:5000/crm/%s@sha256:%s"
    api = app_deploy(c, app, "crm-api", img % ("crm-api", c.hexs(64)), 2, 50 * M, env=env, fallback=True, nodes=Wk,
                     rp=http("/actuator/health/readiness", 8080, d=20), lp=http("/actuator/health/liveness", 8080, d=60),
                     st=[{"crm-api": CL(8, 1, "Error", 200 + 30 * i, 150 + 30 * i,
                                        "Caused by: com.mysql.cj.jdbc.exceptions.CommunicationsException: Communications link failure\n\n"
                                        "The last packet sent successfully to the server was 0 milliseconds ago. The driver has not received any packets from the server.\n"
                                        "Caused by: java.net.ConnectException: Connection refused\n"
                                        "APPLICATION FAILED TO START")} for i in range(2)],
                     pod_ago=[49 * M, 49 * M - 20], old=0)
    for p in api["pods"]:
        crash_events(c, p, "crm-api", 8, 49 * M - 10, 140)
    app_deploy(c, app, "crm-web", img % ("crm-web", c.hexs(64)), 3, 11 * D, rp=http("/", 8080), nodes=Wk,
               req=("50m", "128Mi"), lim=(None, "256Mi"))
    app_deploy(c, app, "crm-mailer", img % ("crm-mailer", c.hexs(64)), 1, 11 * D, svc=False, nodes=Wk,
               req=("50m", "128Mi"), lim=(None, "256Mi"))
    tpj = tmpl({"app": "crm-ldap-sync"}, [ctr("ldap-sync", img % ("crm-ldap-sync", c.hexs(64)), req=("50m", "128Mi"))],
               restart="OnFailure")
    cronjob(c, app, "crm-ldap-sync", tpj, "0 */2 * * *", 2 * H, 0, 11 * D, ["ok", "ok", "ok"], Wk, dur=(30, 90))
    sandbox(c, "sandbox-devtest", "crashloop", "report-poc", "quay.io/devtest/report-poc:0.1", 8, nodes=Wk)
    routers = [p for p in c.all("pods") if p["metadata"]["name"].startswith("router-default-")]
    blip(c, routers[0])
    helm_release(c, app, "crm-web", 6, 11 * D, 3 * D)
    app_netpols(c, app, openshift=True)
    app_netpols(c, ns, openshift=True)
    sandbox_quota(c, "sandbox-devtest")
    return {
        "fault": "security-context-rejected-by-scc",
        "symptom": "Today's CRM cut-over to OpenShift is blocked: the MySQL StatefulSet shows 0/3 pods after almost an hour and "
                   "crm-api crash-loops with 'Communications link failure'.",
        "root_cause": {"kind": "StatefulSet", "namespace": ns, "name": "crm-mysql"},
        "explanation": "The StatefulSet crm-mysql (created ~52 min ago from a vanilla-Kubernetes manifest) hard-codes "
                       "spec.securityContext.fsGroup 999, an init container running as UID 0 and the mysql container as UID 999. "
                       "In namespace crm-db only restricted-v2 is usable (UID range 1000680000/10000 on the namespace), so every "
                       "pod create is rejected: statefulset-controller FailedCreate 'pods \"crm-mysql-0\" is forbidden: unable to "
                       "validate against any security context constraint ... runAsUser: Invalid value: 999: must be in the ranges: "
                       "[1000680000, 1000689999]'. No pod exists (status.replicas 0) although the PVC was created and bound; "
                       "crm-cache in the same namespace, without fixed UIDs, runs under restricted-v2. crm-api's connection "
                       "failures are a consequence. Fix: remove the fixed runAsUser/fsGroup and the root chown init container "
                       "from the StatefulSet (or deliberately grant an SCC to its service account).",
    }

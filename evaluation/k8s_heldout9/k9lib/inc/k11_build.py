"""k9-11: hand-maintained writer Service selector edited to a label no MySQL pod carries (EKS) - incident definition (helpers in k11)."""
import json
from .common import *
from ..registry import incident
from ..bases2 import eks_base
from ..addons import cert_manager, monitoring
from .k11 import *  # noqa: F401,F403


@incident("k9-11", profile("eks", version="v1.29.6-eks-db838b0"), "2024-08-20T10:14:36Z",
          "Amazon EKS 1.29 (Karpenter-provisioned nodes), VPC CNI, EBS CSI", hard=True)
def build(c):
    age = 400 * D
    region = "us-east-2"
    specs = []
    for i, (z, o3, it) in enumerate((("a", 14, "m7i.2xlarge"), ("b", 51, "m7i.2xlarge"), ("c", 83, "r7i.xlarge"),
                                     ("a", 22, "r7i.xlarge"), ("b", 60, "m7i.large"))):
        specs.append(dict(name="ip-10-0-%d-%d.%s.compute.internal" % (o3, 100 + i * 13, region), ip="10.0.%d.%d" % (o3, 100 + i * 13),
                          zone=region + z, ago=(9 - i) * D + 3000, cpu=8 if "2x" in it else 4, mem=32, itype=it, ng=None,
                          labels={"karpenter.sh/nodepool": "general" if "m7i" in it else "memory", "karpenter.sh/registered": "true",
                                  "karpenter.sh/initialized": "true", "karpenter.sh/capacity-type": "on-demand",
                                  "karpenter.k8s.aws/instance-family": it.split(".")[0], "karpenter.k8s.aws/instance-size": it.split(".")[1]}))
    eks_base(c, specs, age, region=region, cluster="inv-prod")
    for s in specs:
        no = c.get("nodes", None, s["name"])
        for k in ("eks.amazonaws.com/nodegroup", "eks.amazonaws.com/nodegroup-image", "eks.amazonaws.com/sourceLaunchTemplateId",
                  "eks.amazonaws.com/sourceLaunchTemplateVersion", "eks.amazonaws.com/capacityType"):
            no["metadata"]["labels"].pop(k, None)
    N = alln(c)
    storageclass(c, "gp3", "ebs.csi.aws.com", 380 * D, {"type": "gp3", "encrypted": "true"}, default=True)
    kp = "karpenter"
    namespace(c, kp, 390 * D)
    helm_release(c, kp, "karpenter", 6, 389 * D, 30 * D)
    comp_deploy(c, kp, "karpenter", "public.ecr.aws/karpenter/controller:0.37.0@sha256:" + c.hexs(64), 2, 389 * D,
                helm=("karpenter", "karpenter", "0.37.0", "0.37.0"), sa="karpenter", cname="controller",
                ports=[("http-metrics", 8080), ("webhook-metrics", 8001), ("https-webhook", 8443), ("http", 8081)],
                req=("1", "1Gi"), lim=("1", "1Gi"), rp=http("/readyz", "http", d=5, t=30), lp=http("/healthz", "http", d=30, t=30),
                pcn="system-cluster-critical", svc=[("http-metrics", 8080, "http-metrics")],
                aff=anti_affinity({"app.kubernetes.io/instance": "karpenter", "app.kubernetes.io/name": "karpenter"}, required=True))
    ed = "external-dns"
    namespace(c, ed, 380 * D)
    comp_deploy(c, ed, "external-dns", "registry.k8s.io/external-dns/external-dns:v0.14.2", 1, 380 * D,
                helm=("external-dns", "external-dns", "1.14.5", "0.14.2"), sa="external-dns", ports=[("http", 7979)],
                args=["--source=service", "--source=ingress", "--provider=aws", "--domain-filter=inv.example.com", "--policy=upsert-only"],
                rp=http("/healthz", "http"), lp=http("/healthz", "http", d=10))
    cert_manager(c)
    monitoring(c, prom_sc="gp3", nodes=N)
    # ---------------- database
    ns, rel = "inventory-db", "invdb"
    namespace(c, ns, 350 * D, {"team": "inventory"})
    helm_release(c, ns, rel, 9, 349 * D, 16 * D)
    ha = helm_ann(rel, ns)
    secret(c, ns, rel + "-mysql", ["mysql-password", "mysql-replication-password", "mysql-root-password"], 349 * D,
           helm_labels(rel, "mysql", "11.1.2", "8.0.37"), ha)
    sa(c, ns, rel + "-mysql", 349 * D, helm_labels(rel, "mysql", "11.1.2", "8.0.37"), ha)
    pods = {}
    for role, n in (("primary", 1), ("secondary", 2)):
        lab = helm_labels(rel, "mysql", "11.1.2", "8.0.37", component=role)
        cm(c, ns, "%s-mysql-%s" % (rel, role), {"my.cnf": "[mysqld]\ndefault_authentication_plugin=caching_sha2_password\n"
                                                          "skip-name-resolve\nexplicit_defaults_for_timestamp\nmax_allowed_packet=16M\n"
                                                          "bind-address=*\npid-file=/opt/bitnami/mysql/tmp/mysqld.pid\n"
                                                          "innodb_buffer_pool_size=3G\nslow_query_log=0\n"}, 349 * D, lab, ha)
        s = statefulset(c, ns, "%s-mysql-%s" % (rel, role), mysql_tp(c, lab, rel, role), n, 349 * D,
                        "%s-mysql-%s-headless" % (rel, role), [("data", "120Gi", "gp3")], lab, ha, gen=9)
        sel = s["spec"]["selector"]["matchLabels"]
        service(c, ns, "%s-mysql-%s" % (rel, role), sel, [("mysql", 3306, "mysql")], 349 * D, lab, ha)
        service(c, ns, "%s-mysql-%s-headless" % (rel, role), sel, [("mysql", 3306, "mysql")], 349 * D, lab, ha,
                headless=True, pna=True)
        pods[role] = [sts_pod(c, s, i, N[(2 + i + (0 if role == "primary" else 1)) % len(N)], 16 * D - 300 * i, pvc_ago=349 * D - 50 * i)
                      for i in range(n)]
    service(c, ns, rel + "-mysql-metrics", {"app.kubernetes.io/instance": rel, "app.kubernetes.io/name": "mysql"},
            [("http-metrics", 9104, "metrics")], 349 * D, helm_labels(rel, "mysql", "11.1.2", "8.0.37", component="metrics"), ha)
    # hand-maintained stable names used by applications
    edit = 41 * M + 5
    for nm, comp, old_comp in (("inventory-mysql-writer", "writer", "primary"), ("inventory-mysql-reader", "secondary", "secondary")):
        lab = {"app.kubernetes.io/part-of": "inventory", "app.kubernetes.io/managed-by": "kubectl"}
        sel = {"app.kubernetes.io/instance": rel, "app.kubernetes.io/name": "mysql", "app.kubernetes.io/component": comp}
        la = json.dumps({"apiVersion": "v1", "kind": "Service", "metadata": {"annotations": {}, "labels": lab, "name": nm,
                                                                             "namespace": ns},
                         "spec": {"ports": [{"name": "mysql", "port": 3306, "targetPort": "mysql"}], "selector": sel}},
                        separators=(",", ":"), sort_keys=True) + "\n"
        sv = service(c, ns, nm, sel, [("mysql", 3306, "mysql")], 300 * D, lab, {"kubectl.kubernetes.io/last-applied-configuration": la})
        if comp == "writer":
            c.hint(sv, trigger=edit)
    tpb = tmpl({"app.kubernetes.io/name": "invdb-backup"},
               [ctr("xtrabackup", "docker.io/bitnami/mysql:8.0.37-debian-12-r2",
                    cmd=["/bin/bash", "-c", "mysqldump -h invdb-mysql-secondary -uroot -p\"$MYSQL_ROOT_PASSWORD\" --single-transaction "
                         "--all-databases | gzip | aws s3 cp - s3://inv-prod-backups/mysql/$(date +%F).sql.gz"],
                    env=[ES("MYSQL_ROOT_PASSWORD", rel + "-mysql", "mysql-root-password")], req=("250m", "512Mi"))],
               sa="invdb-backup", restart="Never")
    sa(c, ns, "invdb-backup", 300 * D, ann={"eks.amazonaws.com/role-arn": "arn:aws:iam::729104552316:role/inv-prod-db-backup"})
    cronjob(c, ns, "invdb-backup", tpb, "40 4 * * *", D, 4 * H + 40 * M, 300 * D, ["ok", "ok", "ok"], N, dur=(400, 900))
    # ---------------- applications
    app = "inventory"
    namespace(c, app, 351 * D, {"team": "inventory"})
    cm(c, app, "inventory-db", {"DB_WRITE_HOST": "inventory-mysql-writer.inventory-db.svc.cluster.local",
                                "DB_READ_HOST": "inventory-mysql-reader.inventory-db.svc.cluster.local", "DB_PORT": "3306",
                                "DB_NAME": "inventory"}, 300 * D)
    secret(c, app, "inventory-db-user", ["DB_PASSWORD", "DB_USER"], 300 * D)
    envf = [{"configMapRef": {"name": "inventory-db"}}, {"secretRef": {"name": "inventory-db-user"}}]
    img = "729104552316.dkr.ecr.%s.amazonaws.com/inventory/%s"
    ip = c.get("services", ns, "inventory-mysql-writer")["spec"]["clusterIP"]
    api = app_deploy(c, app, "inventory-api", img % (region, "api:6.4.1"), 4, 200 * D, rp=http("/healthz/ready", 8080, p=5),
                     lp=http("/healthz/live", 8080, d=20), nodes=N, env_from=envf,
                     st=[{"inventory-api": R(since=3 * D + 700 * i, ready=False)} for i in range(4)],
                     pod_ago=[3 * D + 700 * i + 25 for i in range(4)])
    for p in api["pods"]:
        unhealthy(c, p, "inventory-api", "Readiness", "HTTP probe failed with statuscode: 503", c.rng.randint(480, 495), edit - 15)
    sync = app_deploy(c, app, "inventory-sync", img % (region, "sync:6.4.1"), 2, 200 * D, svc=False, nodes=N, env_from=envf, fallback=True,
                      st=[{"inventory-sync": CL(9 - i, 1, "Error", 230 + 40 * i, 200 + 40 * i,
                                                "Error: connect ECONNREFUSED %s:3306\n    at TCPConnectWrap.afterConnect [as oncomplete] (node:net:1606:16) {\n"
                                                "  errno: -111,\n  code: 'ECONNREFUSED',\n  syscall: 'connect',\n  address: '%s',\n  port: 3306,\n  fatal: true\n}\n" % (ip, ip))}
                          for i in range(2)], pod_ago=[5 * D + 10, 5 * D + 900])
    for i, p in enumerate(sync["pods"]):
        crash_events(c, p, "inventory-sync", 9 - i, edit - 20, 200 + 40 * i)
    app_deploy(c, app, "inventory-search-indexer", img % (region, "indexer:6.4.1"), 1, 200 * D, svc=False, nodes=N,
               env=[EC("DB_HOST", "inventory-db", "DB_READ_HOST")])
    ingress(c, app, "inventory-api", "alb", [("api.inv.example.com", "/", "inventory-api", 80)], 200 * D,
            ann={"alb.ingress.kubernetes.io/scheme": "internal", "alb.ingress.kubernetes.io/target-type": "ip"},
            lb={"hostname": "internal-k8s-inventor-inventor-%s-%d.%s.elb.amazonaws.com" % (c.hexs(10), c.rng.randint(10 ** 8, 10 ** 9), region)})
    sandbox(c, "dev-priya", "crashloop", "schema-diff", "729104552316.dkr.ecr.%s.amazonaws.com/dev/schema-diff:pr-118" % region, 3, nodes=N)
    blip(c, pods["secondary"][1])
    evicted_leftover(c, c.get("replicasets", app, [r for r in c.store["replicasets"] if r[0] == app and r[1].startswith("inventory-search-indexer-")][-1][1]), N[0], 5, "ephemeral-storage")
    sandbox_quota(c, "dev-priya")
    return {
        "fault": "service-selector-mismatch",
        "symptom": "Inventory API is down: its pods are not ready and the sync worker keeps crashing with ECONNREFUSED on port "
                   "3306, but all MySQL pods are Running and healthy and nobody touched the database.",
        "root_cause": {"kind": "Service", "namespace": ns, "name": "inventory-mysql-writer"},
        "explanation": "The applications connect to the hand-maintained Service inventory-db/inventory-mysql-writer. Its selector "
                       "now requires app.kubernetes.io/component=writer (see also its last-applied-configuration), but the "
                       "Bitnami primary pod is labelled component=primary, so the Service selects nothing: its Endpoints have no "
                       "subsets and its EndpointSlice has no endpoints (last-change-trigger-time ~41 min ago). kube-proxy rejects "
                       "connections to a ClusterIP without endpoints, hence ECONNREFUSED to the writer ClusterIP and the API "
                       "readiness failures. The chart's own invdb-mysql-primary Service and the inventory-mysql-reader Service "
                       "(component=secondary) have ready endpoints; the MySQL StatefulSets are healthy and unchanged. Fix: restore "
                       "the selector to component=primary.",
    }

"""k9-22: invalid forward target in the CoreDNS Corefile; CoreDNS crash-loops after node group replacement (EKS)."""
from .common import *
from ..registry import incident
from ..bases2 import eks_base
from ..addons import cert_manager, external_secrets, monitoring
from ..platforms import COREFILE

BAD = COREFILE + """corp.internal:53 {
    errors
    cache 30
    forward . dns1.corp.internal dns2.corp.internal
}
"""


@incident("k9-22", profile("eks", version="v1.30.2-eks-1552ad0"), "2024-07-30T14:05:52Z",
          "Amazon EKS 1.30 (managed node group just rolled to a new AMI), VPC CNI, EBS CSI", hard=True)
def build(c):
    age = 330 * D
    region = "ap-southeast-2"
    specs = []
    for i, (z, o3) in enumerate((("a", 18), ("b", 52), ("c", 91), ("a", 27))):
        specs.append(dict(name="ip-10-0-%d-%d.%s.compute.internal" % (o3, 60 + i * 21, region), ip="10.0.%d.%d" % (o3, 60 + i * 21),
                          zone=region + z, ago=38 * M - i * 150, ready_since=38 * M - i * 150 - 25, cpu=8, mem=32, itype="m6a.2xlarge",
                          ng="pay-prod-ng-20240730"))
    eks_base(c, specs, age, region=region, cluster="pay-prod")
    from ..noise import node_boot_events
    for s in specs:
        node_boot_events(c, c.get("nodes", None, s["name"]), s["ago"] - 5)
    N = alln(c)
    storageclass(c, "gp3", "ebs.csi.aws.com", 300 * D, {"type": "gp3"}, default=True)
    cmo = c.get("configmaps", "kube-system", "coredns")
    cmo["data"]["Corefile"] = BAD
    cmo["metadata"]["labels"] = {"eks.amazonaws.com/component": "coredns", "k8s-app": "kube-dns"}
    dns_pods = [p for p in c.all("pods") if p["metadata"]["name"].startswith("coredns-")]
    msg = ('plugin/forward: not an IP address or file: "dns1.corp.internal"\n')
    for i, p in enumerate(dns_pods):
        p["spec"]["containers"][0]["terminationMessagePolicy"] = "FallbackToLogsOnError"
    # re-create the two CoreDNS pods as crash-looping (they were rescheduled onto the new nodes)
    rs = c.get("replicasets", "kube-system", dns_pods[0]["metadata"]["ownerReferences"][0]["name"])
    rs["spec"]["template"]["spec"]["containers"][0]["terminationMessagePolicy"] = "FallbackToLogsOnError"
    dep = c.get("deployments", "kube-system", "coredns")
    dep["spec"]["template"]["spec"]["containers"][0]["terminationMessagePolicy"] = "FallbackToLogsOnError"
    dep["spec"]["strategy"] = {"rollingUpdate": {"maxSurge": "25%", "maxUnavailable": 1}, "type": "RollingUpdate"}
    for p in dns_pods:
        c.remove("pods", "kube-system", p["metadata"]["name"])
        c.ips.discard(p["status"].get("podIP"))
    newp = rs_pods(c, rs, 2, [N[1], N[3]], [29 * M + 50, 29 * M + 40],
                   [{"coredns": CL(11, 1, "Error", 131 + 30 * i, 130 + 30 * i, msg)} for i in range(2)])
    for i, p in enumerate(newp):
        crash_events(c, p, "coredns", 11, c.ago_of(p) - 20, 130 + 30 * i)
        unhealthy(c, p, "coredns", "Readiness", 'Get "http://%s:8181/ready": dial tcp %s:8181: connect: connection refused' % (
            p["status"]["podIP"], p["status"]["podIP"]), 12, c.ago_of(p) - 15, 200)
    cert_manager(c)
    external_secrets(c)
    monitoring(c, prom_sc="gp3", nodes=N, grafana=False)
    # pods everywhere were re-created on the new nodes during the node group update
    for p in c.all("pods"):
        if c.ago_of(p) > 38 * M:
            raise RuntimeError("pod older than node group: " + p["metadata"]["name"])
    # ---------------- DB tier (healthy)
    dbns = "payments-db"
    namespace(c, dbns, 300 * D, {"team": "payments"})
    secret(c, dbns, "payments-pg", ["password", "postgres-password"], 300 * D)
    comp_sts(c, dbns, "payments-pg", "docker.io/bitnami/postgresql:16.3.0-debian-12-r23", 1, N[2:3], 300 * D,
             labels={"app.kubernetes.io/name": "postgresql", "app.kubernetes.io/instance": "payments-pg"}, ports=[("tcp-postgresql", 5432)],
             req=("1", "4Gi"), lim=("2", "4Gi"), env=[ES("POSTGRES_PASSWORD", "payments-pg", "password"), E("POSTGRES_DATABASE", "payments")],
             vct=[("data", "100Gi", "gp3")], mounts=[MT("data", "/bitnami/postgresql")],
             rp=ex(["/bin/sh", "-c", "-e", "exec pg_isready -U \"postgres\" -h 127.0.0.1 -p 5432"], d=5, p=10, t=5),
             svc=[("tcp-postgresql", 5432, "tcp-postgresql")], hsvc="payments-pg-hl", pod_ago=[30 * M])
    cache = "cache"
    namespace(c, cache, 300 * D, {"team": "payments"})
    comp_sts(c, cache, "redis-master", "docker.io/bitnami/redis:7.2.5-debian-12-r4", 1, N[0:1], 300 * D,
             labels={"app.kubernetes.io/name": "redis", "app.kubernetes.io/component": "master"}, ports=[("redis", 6379)],
             req=("250m", "1Gi"), lim=(None, "2Gi"), vct=[("redis-data", "20Gi", "gp3")], mounts=[MT("redis-data", "/data")],
             rp=tcp("redis", d=5), svc=[("tcp-redis", 6379, "redis")], hsvc="redis-headless", pod_ago=[34 * M])
    tpj = tmpl({"app.kubernetes.io/name": "pg-heartbeat"},
               [ctr("heartbeat", "docker.io/bitnami/postgresql:16.3.0-debian-12-r23",
                    cmd=["sh", "-c", "psql -h payments-pg.payments-db.svc.cluster.local -U postgres -c 'select 1'"],
                    env=[ES("PGPASSWORD", "payments-pg", "postgres-password")], fallback=True)], restart="Never")

    def fst(pa):
        return {"heartbeat": T(2, "Error", pa - 3, pa - 13, 'psql: error: could not translate host name "payments-pg.payments-db.svc.cluster.local" '
                                                            'to address: Temporary failure in name resolution\n')}
    cronjob(c, dbns, "pg-heartbeat", tpj, "*/10 * * * *", 600, 0, 200 * D, ["fail"], N, backoff=0, fail_tries=1, fail_st=fst, dur=(2, 5))
    # ---------------- applications in several namespaces
    pay = "payments"
    namespace(c, pay, 301 * D, {"team": "payments"})
    secret(c, pay, "payments-db-url", ["DATABASE_URL"], 300 * D)
    err_pg = ('sqlalchemy.exc.OperationalError: (psycopg2.OperationalError) could not translate host name '
              '"payments-pg.payments-db.svc.cluster.local" to address: Temporary failure in name resolution\n')
    img = "612044930387.dkr.ecr.%s.amazonaws.com/pay/%s" % (region, "%s")
    api = app_deploy(c, pay, "payments-api", img % "payments-api:2024.07.25", 3, 200 * D, env=[ES("DATABASE_URL", "payments-db-url", "DATABASE_URL"),
                                                                                                E("REDIS_HOST", "redis-master.cache.svc.cluster.local")],
                     rp=http("/ready", 8080), nodes=N, fallback=True, pod_ago=[29 * M - 40 * i for i in range(3)],
                     st=[{"payments-api": CL(9, 1, "Error", 200 + 20 * i, 180 + 20 * i, err_pg)} for i in range(3)])
    for i, p in enumerate(api["pods"]):
        crash_events(c, p, "payments-api", 9, c.ago_of(p) - 20, 180 + 20 * i)
    err_redis = ("Exception in thread \"main\" io.lettuce.core.RedisConnectionException: Unable to connect to redis-master.cache.svc.cluster.local:6379\n"
                 "Caused by: java.net.UnknownHostException: redis-master.cache.svc.cluster.local: Temporary failure in name resolution\n")
    led = "ledger"
    namespace(c, led, 250 * D, {"team": "finance"})
    ls = app_deploy(c, led, "ledger-sync", img % "ledger-sync:3.1.4", 2, 200 * D, svc=False, nodes=N, fallback=True,
                    env=[E("REDIS_URL", "redis://redis-master.cache.svc.cluster.local:6379")], pod_ago=[29 * M + 10, 28 * M + 30],
                    st=[{"ledger-sync": CL(8, 1, "Error", 240 + 15 * i, 221 + 15 * i, err_redis)} for i in range(2)])
    for i, p in enumerate(ls["pods"]):
        crash_events(c, p, "ledger-sync", 8, c.ago_of(p) - 25, 221 + 15 * i)
    app_deploy(c, pay, "payments-web", img % "payments-web:2024.07.25", 2, 200 * D, rp=http("/", 8080), nodes=N,
               pod_ago=[33 * M, 32 * M], req=("50m", "64Mi"))
    ingress(c, pay, "payments-web", "alb", [("pay.example.com.au", "/", "payments-web", 80)], 200 * D,
            ann={"alb.ingress.kubernetes.io/scheme": "internet-facing", "alb.ingress.kubernetes.io/target-type": "ip"},
            lb={"hostname": "k8s-payments-paymentsw-%s-%d.%s.elb.amazonaws.com" % (c.hexs(10), c.rng.randint(10 ** 8, 10 ** 9), region)})
    sb = "sandbox-ci"
    namespace(c, sb, 20 * D)
    from ..noise import sandbox as sbx
    sbx(c, sb, "pending", "load-gen", img % "load-gen:wip", 1, nodes=N)
    busy_cron(c, cache, "redis-bgsave", "docker.io/bitnami/redis:7.2.5-debian-12-r4", N[:3], 600,
              ["sh", "-c", "redis-cli -h $REDIS_MASTER_SERVICE_HOST BGSAVE"])
    blip(c, [x for x in c.all("pods") if x["metadata"]["name"].startswith("payments-web-") and x["status"].get("phase") == "Running"][0])
    for p in [x for x in c.all("pods") if x["metadata"]["name"].startswith("aws-node-")][:3]:
        restart_once(c, p, c.ago_of(p) - c.rng.randint(15, 40), "Error", 1, "aws-node")
    return {
        "fault": "cluster-dns-broken-by-corefile",
        "symptom": "Right after the node group AMI update every service lost its database connections: Postgres and Redis "
                   "clients fail with 'could not translate host name' / UnknownHostException in several namespaces. The database "
                   "pods themselves are Running and Ready.",
        "root_cause": {"kind": "ConfigMap", "namespace": "kube-system", "name": "coredns"},
        "explanation": "The Corefile in ConfigMap kube-system/coredns contains an extra 'corp.internal:53' server block with "
                       "'forward . dns1.corp.internal dns2.corp.internal'; the forward plugin only accepts IP addresses (or a "
                       "resolv.conf file). The running CoreDNS had only logged a failed reload, but when the node group update "
                       "re-created every pod, both CoreDNS replicas failed at start-up with 'plugin/forward: not an IP address or "
                       "file: \"dns1.corp.internal\"' (exit 1, CrashLoopBackOff), leaving kube-dns without ready endpoints. "
                       "Every client in payments, ledger and the heartbeat CronJob then fails name resolution while the Postgres "
                       "and Redis pods are healthy. Fix: replace the hostnames with resolver IPs (or remove the stanza) in the "
                       "coredns ConfigMap.",
    }

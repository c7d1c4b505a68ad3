"""k9-06: app Deployment scaled 4->20 exhausts Postgres max_connections (CNPG on RKE2/Longhorn)."""
from .common import *
from .cnpg import cnpg_cluster, cnpg_operator
from ..registry import incident
from ..bases import rke2_base
from ..stor_addons import longhorn


@incident("k9-06", profile("rke2", version="v1.28.10+rke2r1"), "2024-10-07T02:41:55Z",
          "RKE2 v1.28 (3 servers + 4 agents), Canal, Longhorn", hard=True)
def build(c):
    age = 290 * D
    specs = [dict(name="dc2-rke-s%d" % i, ip="172.30.10.%d" % (10 + i), role="control-plane", ago=age - i * 200, cpu=4, mem=16)
             for i in (1, 2, 3)]
    specs += [dict(name="dc2-rke-a%d" % i, ip="172.30.10.%d" % (20 + i), ago=age - 2000 - i * 100, cpu=16, mem=64) for i in (1, 2, 3, 4)]
    rke2_base(c, specs, age)
    A = workers(c)
    lh = longhorn(c, age - D, nodes=A)
    for k in ("csi-attacher", "csi-provisioner", "csi-resizer"):
        pass
    cnpg_operator(c, ago=200 * D)
    ns = "billing-db"
    namespace(c, ns, 180 * D, {"team": "billing"})
    pods = cnpg_cluster(c, ns, "billing-pg", 3, A[:3], "longhorn", "100Gi", 180 * D, primary=2,
                        pod_ago=[21 * D, 21 * D + 600, 21 * D + 1300])
    own = crd_ref(c, "postgresql.cnpg.io/v1", "Pooler", "billing-pg-pooler-rw")
    plab = {"cnpg.io/cluster": "billing-pg", "cnpg.io/podRole": "pooler", "cnpg.io/poolerName": "billing-pg-pooler-rw"}
    comp_deploy(c, ns, "billing-pg-pooler-rw", "ghcr.io/cloudnative-pg/pgbouncer:1.22.1", 2, 90 * D, labels=plab,
                sa="billing-pg-pooler-rw", cname="pgbouncer", ports=[("pgbouncer", 5432), ("metrics", 9127)],
                req=("100m", "64Mi"), rp=tcp(5432), lp=tcp(5432), owner=own, nodes=A,
                svc=[("pgbouncer", 5432, "pgbouncer")], svc_name="billing-pg-pooler-rw")
    # ---------------- application tier
    app = "billing"
    namespace(c, app, 181 * D, {"team": "billing"})
    cm(c, app, "billing-api-config", {"DB_HOST": "billing-pg-rw.billing-db.svc", "DB_PORT": "5432", "DB_NAME": "app",
                                      "DB_POOL_MAX": "12", "DB_POOL_MIN": "12", "HTTP_PORT": "8080"}, 170 * D)
    cm(c, app, "billing-worker-config", {"DB_HOST": "billing-pg-pooler-rw.billing-db.svc", "DB_PORT": "5432", "DB_NAME": "app",
                                         "DB_POOL_MAX": "10"}, 170 * D)
    secret(c, app, "billing-db-user", ["password", "username"], 170 * D)
    scale_at = 34 * M + 12
    err = ('failed to connect to `user=app database=app`: 10.43.%d.%d:5432 (billing-pg-rw.billing-db.svc): server error: '
           'FATAL: sorry, too many clients already (SQLSTATE 53300)' % (c.rng.randint(0, 255), c.rng.randint(2, 250)))
    envf = [{"configMapRef": {"name": "billing-api-config"}}]
    env = [ES("DB_USER", "billing-db-user", "username"), ES("DB_PASSWORD", "billing-db-user", "password")]
    lab = {"app.kubernetes.io/name": "billing-api", "app.kubernetes.io/part-of": "billing"}
    tp = tmpl(lab, [ctr("billing-api", "harbor.dc2.internal/billing/billing-api:4.21.0", [("http", 8080)], ("200m", "256Mi"),
                        (None, "512Mi"), env, env_from=envf, rp=http("/readyz", "http", p=5), lp=http("/livez", "http", d=10),
                        fallback=True)])
    d, rss = deployment(c, app, "billing-api", tp, 20, 170 * D, lab, None, revs=[(tp, 45 * D, 20)], gen_extra=6)
    rs = rss[0]
    A4 = A
    old = rs_pods(c, rs, 4, A4, [45 * D - 60 * i for i in range(4)],
                  [{"billing-api": R(since=45 * D - 60 * i - 20)} for i in range(4)])
    crash = {3, 5, 8, 10, 12, 14, 15}
    sts, ages = [], []
    for k in range(16):
        pa = scale_at - 2 - k // 4
        ages.append(pa)
        if k in crash:
            r = c.rng.randint(8, 10)
            e = c.rng.randint(30, 280)
            sts.append({"billing-api": CL(r, 1, "Error", e + 2, e, err + "\n{\"level\":\"fatal\",\"msg\":\"cannot initialise database pool\"}")})
        else:
            sts.append({"billing-api": R(since=pa - c.rng.randint(6, 40))})
    new = rs_pods(c, rs, 16, A4, ages, sts)
    for k, p in enumerate(new):
        if k in crash:
            r = p["status"]["containerStatuses"][0]["restartCount"]
            crash_events(c, p, "billing-api", r, ages[k] - 3, c.rng.randint(20, 200))
    cev(c, d, "ScalingReplicaSet", "Scaled up replica set %s from 4 to 20" % rs["metadata"]["name"], first=scale_at)
    service(c, app, "billing-api", d["spec"]["selector"]["matchLabels"], [("http", 80, "http")], 170 * D, lab)
    wk = comp_deploy(c, app, "billing-worker", "harbor.dc2.internal/billing/billing-worker:4.21.0", 3, 170 * D,
                     labels={"app.kubernetes.io/name": "billing-worker", "app.kubernetes.io/part-of": "billing"},
                     req=("200m", "256Mi"), lim=(None, "512Mi"), nodes=A, env=env, old=2)
    for p in wk["pods"] + [wk["d"], wk["rs"][-1]]:
        (p["spec"]["template"]["spec"] if "template" in p["spec"] else p["spec"])["containers"][0]["envFrom"] = \
            [{"configMapRef": {"name": "billing-worker-config"}}]
    inv = tmpl({"app.kubernetes.io/name": "invoice-run"},
               [ctr("invoice-run", "harbor.dc2.internal/billing/billing-api:4.21.0", cmd=["/app/billing", "invoice-run"],
                    env=env, env_from=envf, req=("500m", "512Mi"), fallback=True)], restart="Never")

    def fst(pa):
        return {"invoice-run": T(1, "Error", pa - 3, pa - 6, err + "\ninvoice-run: aborted before processing any account")}
    cronjob(c, app, "invoice-run", inv, "30 2 * * *", D, 2 * H + 30 * M, 170 * D, ["fail", "ok", "ok", "ok"], A,
            backoff=2, fail_tries=3, fail_st=fst, dur=(900, 1500))
    ingress(c, app, "billing-api", "nginx", [("billing.dc2.internal", "/", "billing-api", 80)], 170 * D)
    # ---------------- other healthy tenants
    rp = "reporting"
    namespace(c, rp, 120 * D)
    comp_deploy(c, rp, "metabase", "docker.io/metabase/metabase:v0.50.25", 1, 120 * D, labels={"app": "metabase"},
                ports=[("http", 3000)], req=("500m", "1Gi"), lim=(None, "2Gi"), rp=http("/api/health", 3000, d=30),
                svc=[("http", 80, "http")], nodes=A)
    sandbox(c, "sandbox-qa", "imagepull", "k6-runner", "harbor.dc2.internal/qa/k6-runner:0.52-custom", 5, nodes=A)
    blip(c, pods[0])
    app_netpols(c, app, None, None)
    sandbox_quota(c, "sandbox-qa")
    return {
        "fault": "connection-exhaustion-after-scale-up",
        "symptom": "Billing is flapping: many of the application's pods crash with 'FATAL: sorry, too many clients already' "
                   "from Postgres and tonight's invoice run failed. The database pods themselves all look healthy.",
        "root_cause": {"kind": "Deployment", "namespace": app, "name": "billing-api"},
        "explanation": "Deployment billing/billing-api was scaled from 4 to 20 replicas ~34 min before the snapshot "
                       "(deployment-controller 'Scaled up replica set ... from 4 to 20', generation bump, RS desired-replicas "
                       "20). Each pod opens a fixed pool of DB_POOL_MIN/MAX=12 connections directly to billing-pg-rw (ConfigMap "
                       "billing-api-config), i.e. ~240 connections plus the workers, beyond what the CNPG primary accepts. Only "
                       "pods created by the scale-up crash (termination message 'FATAL: sorry, too many clients already (SQLSTATE "
                       "53300)'), the 4 original pods are Ready, the invoice-run job failed with the same error, and all three "
                       "CNPG instances are Ready with no restarts. billing-worker goes through the PgBouncer pooler and is fine. "
                       "Fix: scale billing-api back (or point it at the pooler / shrink its pool) rather than touching the database.",
    }

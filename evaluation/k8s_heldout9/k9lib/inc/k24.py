"""k9-24: static NFS PV for Harbor's database is Released with a stale claimRef after a reinstall (RKE2 1.27)."""
from .common import *
from ..registry import incident
from ..bases import rke2_base
from ..addons import cert_manager
from .k24_sys import harbor_storage

NFS = "10.20.30.40"
HV = "v2.10.2"


@incident("k9-24", profile("rke2", version="v1.27.14+rke2r1"), "2024-06-18T20:14:05Z",
          "RKE2 v1.27 (3 servers + 2 agents), Canal, static NFS PersistentVolumes")
def build(c):
    age = 640 * D
    specs = [dict(name="rke-srv-%02d" % i, ip="10.20.30.%d" % (10 + i), role="control-plane", ago=age - 300 * i, cpu=8, mem=32)
             for i in (1, 2, 3)]
    specs += [dict(name="rke-agent-%02d" % i, ip="10.20.30.%d" % (20 + i), ago=age - 4000 - 300 * i, cpu=16, mem=64) for i in (1, 2)]
    rke2_base(c, specs, age)
    Wk = workers(c)
    cert_manager(c)
    ns = "harbor"
    namespace(c, ns, 600 * D, {"team": "platform"})
    reinst = 53 * M + 20
    helm_release(c, ns, "harbor", 1, reinst, reinst)
    ha = helm_ann("harbor", ns)
    hl = lambda comp: {"app": "harbor", "chart": "harbor", "heritage": "Helm", "release": "harbor", "component": comp,
                       "app.kubernetes.io/component": comp, "app.kubernetes.io/instance": "harbor", "app.kubernetes.io/managed-by": "Helm",
                       "app.kubernetes.io/name": "harbor", "app.kubernetes.io/part-of": "harbor", "app.kubernetes.io/version": "2.10.2"}
    harbor_storage(c, ns, reinst, hl, ha)
    dcl, _ = pvc(c, ns, "database-data-harbor-database-0", "20Gi", None, reinst - 20, labels=hl("database"), bound=False)
    dcl["spec"]["storageClassName"] = ""
    cev(c, dcl, "FailedBinding", "no persistent volumes available for this claim and no storage class is set", "Normal",
        count=(reinst - 30) // 15, first=reinst - 21, last=c.rng.randint(1, 14))
    dbt = tmpl(hl("database"), [ctr("database", "goharbor/harbor-db:" + HV, [(None, 5432)], ("100m", "256Mi"), None,
                                    env_from=[{"secretRef": {"name": "harbor-database"}}],
                                    mounts=[MT("database-data", "/var/lib/postgresql/data", sub=None), MT("shm-volume", "/dev/shm")],
                                    lp=ex(["/docker-healthcheck.sh"], d=300, p=10, t=1), rp=ex(["/docker-healthcheck.sh"], d=1, p=10, t=1))],
               init=[ctr("data-permissions-ensurer", "goharbor/harbor-db:" + HV, cmd=["/bin/sh"],
                         args=["-c", "chmod -R 700 /var/lib/postgresql/data/pgdata || true"], mounts=[MT("database-data", "/var/lib/postgresql/data")])],
               volumes=[VE("shm-volume", "Memory", "512Mi")], psc={"fsGroup": 999, "runAsUser": 999}, tgp=120)
    s = statefulset(c, ns, "harbor-database", dbt, 1, reinst - 20, "harbor-database", [("database-data", "20Gi", None)], hl("database"), ha)
    s["spec"]["volumeClaimTemplates"][0]["spec"]["storageClassName"] = ""
    msg = ("0/5 nodes are available: pod has unbound immediate PersistentVolumeClaims. preemption: 0/5 nodes are available: "
           "5 Preemption is not helpful for scheduling.")
    p = sts_pod(c, s, 0, None, reinst - 21, sched_msg=msg)
    sched_fail(c, p, msg, reinst - 22, c.rng.randint(30, 250), count=13)
    cev(c, s, "SuccessfulCreate", "create Claim database-data-harbor-database-0 Pod harbor-database-0 in StatefulSet harbor-database success",
        first=reinst - 20)
    service(c, ns, "harbor-database", s["spec"]["selector"]["matchLabels"], [(None, 5432, 5432)], reinst - 20, hl("database"), ha)
    for comp, img, vct, claim, mount in (("redis", "goharbor/redis-photon:" + HV, ("data", "5Gi"), None, "/var/lib/redis"),
                                         ("trivy", "goharbor/trivy-adapter-photon:" + HV, ("data", "20Gi"), None, "/home/scanner/.cache")):
        t = tmpl(hl(comp), [ctr(comp, img, [(None, 6379 if comp == "redis" else 8080)], ("100m", "256Mi"), None,
                                mounts=[MT("data", mount)], rp=tcp(6379 if comp == "redis" else 8080, d=1, p=10))], psc={"fsGroup": 999})
        ss = statefulset(c, ns, "harbor-" + comp, t, 1, reinst - 20, "harbor-" + comp, [("data", vct[1], None)], hl(comp), ha)
        ss["spec"]["volumeClaimTemplates"][0]["spec"]["storageClassName"] = ""
        sts_pod(c, ss, 0, Wk[0] if comp == "redis" else Wk[1], reinst - 25, st={comp: R(since=reinst - 40)})
        service(c, ns, "harbor-" + comp, ss["spec"]["selector"]["matchLabels"], [(None, 6379 if comp == "redis" else 8080, 6379 if comp == "redis" else 8080)],
                reinst - 20, hl(comp), ha)
    core_err = ("2024-06-18T20:%02d:%02dZ [ERROR] [/common/utils/utils.go:108]: failed to connect to tcp://harbor-database:5432, retry after 2 seconds :dial tcp %s:5432: connect: connection refused\n"
                "2024-06-18T20:%02d:%02dZ [FATAL] [/core/main.go:184]: failed to initialize database: failed to connect to tcp:harbor-database:5432 after 60 seconds\n")
    dbip = c.get("services", ns, "harbor-database")["spec"]["clusterIP"]
    core = comp_deploy(c, ns, "harbor-core", "goharbor/harbor-core:" + HV, 1, reinst - 20, labels=hl("core"), ports=[("http", 8080)],
                       req=None, nodes=Wk, fallback=True, env_from=[{"configMapRef": {"name": "harbor-core"}}, {"secretRef": {"name": "harbor-core"}}],
                       rp=http("/api/v2.0/ping", 8080, d=20, p=10), sp=http("/api/v2.0/ping", 8080, d=10, p=10, f=360), ann=ha,
                       svc=[("http-web", 80, 8080)], pod_ago=[reinst - 22],
                       st=[{"harbor-core": CL(9, 1, "Error", 190, 120, core_err % (12, 11, dbip, 13, 11))}])
    crash_events(c, core["pods"][0], "harbor-core", 9, reinst - 30, 120)
    jerr = "2024-06-18T20:%02d:%02dZ [FATAL] [/jobservice/main.go:89]: failed to initialize core client: Get \"http://harbor-core:80/api/internal/configurations\": dial tcp %s:80: connect: connection refused\n"
    jip = c.get("services", ns, "harbor-core")["spec"]["clusterIP"]
    js = comp_deploy(c, ns, "harbor-jobservice", "goharbor/harbor-jobservice:" + HV, 1, reinst - 20, labels=hl("jobservice"), ports=[("http", 8080)],
                     req=None, nodes=Wk, fallback=True, vols=[VP("job-logs", "harbor-jobservice")], mounts=[MT("job-logs", "/var/log/jobs")],
                     svc=[("http-jobservice", 80, 8080)], pod_ago=[reinst - 22], ann=ha,
                     st=[{"harbor-jobservice": CL(8, 1, "Error", 260, 230, jerr % (10, 7, jip))}])
    crash_events(c, js["pods"][0], "harbor-jobservice", 8, reinst - 35, 230)
    comp_deploy(c, ns, "harbor-registry", "goharbor/registry-photon:" + HV, 1, reinst - 20, labels=hl("registry"), ports=[("http", 5000)],
                req=None, nodes=Wk, vols=[VP("registry-data", "harbor-registry"), VS("registry-htpasswd", "harbor-registry-htpasswd")],
                mounts=[MT("registry-data", "/storage"), MT("registry-htpasswd", "/etc/registry/passwd", sub="passwd")],
                extra_ctrs=[ctr("registryctl", "goharbor/harbor-registryctl:" + HV, [(None, 8080)], mounts=[MT("registry-data", "/storage")])],
                svc=[("http-registry", 5000, 5000), ("http-controller", 8080, 8080)], pod_ago=[reinst - 22], ann=ha, rp=http("/", 5000))
    comp_deploy(c, ns, "harbor-portal", "goharbor/harbor-portal:" + HV, 1, reinst - 20, labels=hl("portal"), ports=[(None, 8080)], req=None,
                nodes=Wk, rp=http("/", 8080, d=1), svc=[(None, 80, 8080)], pod_ago=[reinst - 22], ann=ha)
    ingress(c, ns, "harbor-ingress", "nginx", [("harbor.dc.example.net", "/api/", "harbor-core", 80), ("harbor.dc.example.net", "/service/", "harbor-core", 80),
                                               ("harbor.dc.example.net", "/v2/", "harbor-core", 80), ("harbor.dc.example.net", "/", "harbor-portal", 80)],
            reinst - 20, tls="harbor-ingress", ann=dict(ha, **{"nginx.ingress.kubernetes.io/proxy-body-size": "0"}))
    secret(c, ns, "harbor-ingress", ["ca.crt", "tls.crt", "tls.key"], reinst - 20, typ="kubernetes.io/tls")
    ci = "ci"
    namespace(c, ci, 500 * D)
    comp_deploy(c, ci, "gitlab-runner", "registry.gitlab.com/gitlab-org/gitlab-runner:alpine-v17.0.0", 1, 400 * D, labels={"app": "gitlab-runner"},
                sa="gitlab-runner", ports=[("metrics", 9252)], nodes=Wk)
    ap = "tools"
    namespace(c, ap, 450 * D)
    comp_deploy(c, ap, "renovate-dashboard", "ghcr.io/renovatebot/renovate:37.400.0", 1, 300 * D, labels={"app": "renovate-dashboard"},
                nodes=Wk, svc=None)
    tpj = tmpl({"app": "image-gc"}, [ctr("gc", "curlimages/curl:8.8.0", cmd=["sh", "-c", "curl -sf http://harbor-core.harbor/api/v2.0/system/gc/schedule"])],
               restart="Never")
    cronjob(c, ap, "harbor-gc-trigger", tpj, "0 12 * * *", D, 12 * H, 300 * D, ["ok", "ok", "ok"], Wk, dur=(2, 6))
    sandbox(c, "sandbox-plat", "crashloop", "zot-registry-poc", "ghcr.io/project-zot/zot-linux-amd64:v2.0.4", 9, nodes=Wk)
    blip(c, [x for x in c.all("pods") if x["metadata"]["name"].startswith("harbor-portal-") and x["status"].get("phase") == "Running"][0])
    evicted_leftover(c, c.get("replicasets", ap, [r for r in c.store["replicasets"] if r[0] == ap and r[1].startswith("renovate-dashboard-")][-1][1]), Wk[0], 4)
    return {
        "fault": "pv-released-stale-claimref",
        "symptom": "We reinstalled Harbor about an hour ago to fix a failed upgrade. Now harbor-core crash-loops with 'failed to "
                   "connect to tcp://harbor-database:5432' and the Harbor database pod is stuck Pending.",
        "root_cause": {"kind": "PersistentVolume", "namespace": "", "name": "harbor-database-pv"},
        "explanation": "During the reinstall the database claim database-data-harbor-database-0 was deleted and re-created "
                       "(new uid, created ~53 min ago). Its data lives on the static NFS PersistentVolume harbor-database-pv "
                       "(reclaimPolicy Retain), which is now in phase Released and still carries a claimRef to the old claim's uid, "
                       "so the binder will not reuse it. The new claim (storageClassName \"\") has no other candidate: "
                       "persistentvolume-controller FailedBinding 'no persistent volumes available for this claim and no storage "
                       "class is set', and harbor-database-0 is Unschedulable ('pod has unbound immediate PersistentVolumeClaims'); "
                       "harbor-core and jobservice fail as a consequence. The other Harbor claims were kept and are Bound to their "
                       "PVs. Fix: clear spec.claimRef (or its uid/resourceVersion) on harbor-database-pv so it becomes Available "
                       "and binds to the new claim.",
    }

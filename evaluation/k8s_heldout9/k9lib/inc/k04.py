"""k9-04: session Redis ConfigMap has an invalid directive; pods crash after GKE node-pool upgrade."""
from .common import *
from ..registry import incident
from ..bases3 import gke_base
from ..noise import node_boot_events

REDIS_CONF = """# managed by platform-data/kustomize/sessions-redis
bind 0.0.0.0
port 6379
protected-mode no
tcp-backlog 511
timeout 0
tcp-keepalive 300
daemonize no
supervised no
loglevel notice
databases 4
save 900 1
save 300 100
appendonly yes
appendfsync everysec
dir /data
requirepass ${REDIS_PASSWORD}
masterauth ${REDIS_PASSWORD}
replica-read-only yes
repl-diskless-sync yes
maxclients 20000
maxmemory 3gb
maxmemory-policy allkeys-lru volatile-lru
lazyfree-lazy-eviction yes
slowlog-log-slower-than 10000
latency-monitor-threshold 100
"""


@incident("k9-04", profile("gke", version="v1.30.3-gke.1969001"), "2024-09-03T09:52:18Z",
          "GKE Standard 1.30 (regional, Dataplane V2), PD CSI")
def build(c):
    age = 540 * D
    up = 46 * M
    specs = []
    for i, z in enumerate(("b", "c", "d", "b")):
        specs.append(dict(name="gke-portal-prod-default-pool-%s-%s" % (("3f1a9c2e", "8b07d4c1", "d52e6fa0", "3f1a9c2e")[i], c.sfx(4)),
                          ip="10.132.0.%d" % (31 + i * 4), zone="europe-west1-" + z, ago=up - i * 150, cpu=8, mem=32,
                          itype="e2-standard-8", ready_since=up - i * 150 - 25))
    gke_base(c, specs, age, project="portal-prod-5521", cluster="portal-prod")
    N = alln(c)
    for s in specs:
        node_boot_events(c, c.get("nodes", None, s["name"]), s["ago"] - 5)
    namespace(c, "gmp-system", 300 * D, {"addonmanager.kubernetes.io/mode": "Reconcile"})
    namespace(c, "gmp-public", 300 * D, {"addonmanager.kubernetes.io/mode": "Reconcile"})
    comp_ds(c, "gmp-system", "collector", "gke.gcr.io/prometheus-engine/prometheus:v2.45.3-gmp.7-gke.0", N, 300 * D,
            labels={"app": "managed-prometheus-collector", "app.kubernetes.io/name": "collector", "app.kubernetes.io/version": "0.10.0"},
            sa="collector", cname="prometheus", req=("5m", "16M"), lim=(None, "3G"), tol=[{"effect": "NoExecute", "operator": "Exists"},
                                                                                          {"effect": "NoSchedule", "operator": "Exists"}],
            extra_ctrs=[ctr("config-reloader", "gke.gcr.io/prometheus-engine/config-reloader:v0.10.0-gke.0", req=("1m", "4M"))])
    comp_deploy(c, "gmp-system", "gmp-operator", "gke.gcr.io/prometheus-engine/operator:v0.10.0-gke.0", 1, 300 * D,
                labels={"app": "managed-prometheus-operator", "app.kubernetes.io/component": "operator",
                        "app.kubernetes.io/name": "gmp-operator"}, sa="operator", cname="operator",
                req=("1m", "16M"), lim=(None, "2G"), ports=[("web", 10250), ("metrics", 18080)])
    # ---------------- session / cache state
    ns = "portal-state"
    namespace(c, ns, 400 * D, {"team": "portal", "kustomize.toolkit.fluxcd.io/name": "platform-data"})
    klab = {"app.kubernetes.io/name": "sessions-redis", "app.kubernetes.io/part-of": "portal",
            "kustomize.toolkit.fluxcd.io/name": "platform-data", "kustomize.toolkit.fluxcd.io/namespace": "flux-system"}
    cmo = cm(c, ns, "sessions-redis-config", {"redis.conf": REDIS_CONF}, 390 * D, klab)
    secret(c, ns, "sessions-redis-auth", ["password"], 390 * D, klab)
    st = {}
    msg = ("1:C 03 Sep 2024 %s # WARNING Memory overcommit must be enabled! Without it, a background save or replication may "
           "fail under low memory condition.\n\n*** FATAL CONFIG FILE ERROR (Redis 7.2.5) ***\nReading the configuration file, "
           "at line 23\n>>> 'maxmemory-policy allkeys-lru volatile-lru'\nwrong number of arguments\n")
    rtp = tmpl(klab, [ctr("redis", "docker.io/library/redis:7.2.5", [("redis", 6379)], ("500m", "3584Mi"), ("2", "4Gi"),
                          [ES("REDIS_PASSWORD", "sessions-redis-auth", "password")],
                          [MT("config", "/usr/local/etc/redis"), MT("data", "/data")],
                          cmd=["sh", "-c", "envsubst < /usr/local/etc/redis/redis.conf > /tmp/redis.conf && "
                               "[ \"${HOSTNAME##*-}\" != 0 ] && echo \"replicaof sessions-redis-0.sessions-redis 6379\" >> /tmp/redis.conf; "
                               "exec redis-server /tmp/redis.conf"],
                          rp=ex(["sh", "-c", "redis-cli -a \"$REDIS_PASSWORD\" --no-auth-warning ping | grep -q PONG"], d=5, p=5, t=2),
                          lp=tcp("redis", d=20, p=10), fallback=True,
                          sc={"allowPrivilegeEscalation": False, "runAsUser": 999, "runAsNonRoot": True})],
               volumes=[VC("config", "sessions-redis-config")], psc={"fsGroup": 999},
               aff=anti_affinity({"app.kubernetes.io/name": "sessions-redis"}, key="topology.kubernetes.io/zone"))
    s = statefulset(c, ns, "sessions-redis", rtp, 3, 390 * D, "sessions-redis", [("data", "20Gi", "premium-rwo")], klab, gen=4)
    service(c, ns, "sessions-redis", s["spec"]["selector"]["matchLabels"], [("redis", 6379, "redis")], 390 * D, klab, headless=True)
    service(c, ns, "sessions-redis-primary", dict(s["spec"]["selector"]["matchLabels"],
                                                  **{"statefulset.kubernetes.io/pod-name": "sessions-redis-0"}),
            [("redis", 6379, "redis")], 390 * D, klab)
    rest = [(10, 131), (9, 95), (9, 48)]
    for i in range(3):
        pa = up - 300 - i * 200
        r, e = rest[i]
        nd = N[i]
        p = sts_pod(c, s, i, nd, pa, pvc_ago=390 * D - i * 60,
                    st={"redis": CL(r, 1, "Error", e + 1, e, msg % ("09:%02d:%02d.%03d" % (52 - e // 60, (60 - e % 60) % 60, c.rng.randint(0, 999))))})
        crash_events(c, p, "redis", r, pa - 3, e)
        cev(c, s, "SuccessfulCreate", "create Pod sessions-redis-%d in StatefulSet sessions-redis successful" % i, first=pa)
        c.hint(p, no_sts_event=True)
    # healthy look-alike cache (valid config)
    clab = {"app.kubernetes.io/name": "cache-redis", "app.kubernetes.io/part-of": "portal",
            "kustomize.toolkit.fluxcd.io/name": "platform-data", "kustomize.toolkit.fluxcd.io/namespace": "flux-system"}
    cm(c, ns, "cache-redis-config", {"redis.conf": "bind 0.0.0.0\nport 6379\nprotected-mode no\nsave \"\"\nappendonly no\n"
                                                   "maxmemory 1gb\nmaxmemory-policy allkeys-lru\nlazyfree-lazy-eviction yes\n"}, 390 * D, clab)
    comp_deploy(c, ns, "cache-redis", "docker.io/library/redis:7.2.5", 1, 390 * D, labels=clab, ports=[("redis", 6379)],
                req=("250m", "1280Mi"), lim=("1", "1536Mi"), cmd=["redis-server", "/usr/local/etc/redis/redis.conf"],
                mounts=[MT("config", "/usr/local/etc/redis")], vols=[VC("config", "cache-redis-config")],
                rp=ex(["redis-cli", "ping"], d=5, p=5, t=2), svc=[("redis", 6379, "redis")], pod_ago=[up - 400], nodes=[N[3]])
    # ---------------- app tier
    app = "portal"
    namespace(c, app, 401 * D, {"team": "portal"})
    cm(c, app, "portal-env", {"SESSION_REDIS_URL": "redis://sessions-redis-primary.portal-state.svc.cluster.local:6379/0",
                              "CACHE_REDIS_URL": "redis://cache-redis.portal-state.svc.cluster.local:6379/0",
                              "NODE_ENV": "production"}, 300 * D)
    secret(c, app, "portal-secrets", ["JWT_SECRET", "SESSION_REDIS_PASSWORD"], 300 * D)
    env = [EC("SESSION_REDIS_URL", "portal-env", "SESSION_REDIS_URL"), EC("CACHE_REDIS_URL", "portal-env", "CACHE_REDIS_URL"),
           ES("SESSION_REDIS_PASSWORD", "portal-secrets", "SESSION_REDIS_PASSWORD")]
    api = app_deploy(c, app, "portal-api", "europe-west1-docker.pkg.dev/portal-prod-5521/apps/portal-api:7.3.0", 3, 200 * D,
                     env=env, rp=http("/health/ready", 8080, p=5), lp=http("/health/live", 8080, d=10),
                     st=[{"portal-api": R(since=up - 500 - i * 90, ready=False)} for i in range(3)],
                     pod_ago=[up - 480 - i * 90 for i in range(3)], nodes=N)
    for p in api["pods"]:
        unhealthy(c, p, "portal-api", "Readiness", "HTTP probe failed with statuscode: 503", c.rng.randint(420, 480), up - 520)
    app_deploy(c, app, "portal-web", "europe-west1-docker.pkg.dev/portal-prod-5521/apps/portal-web:7.3.0", 3, 200 * D,
               rp=http("/", 8080), pod_ago=[up - 470 - i * 80 for i in range(3)], nodes=N, req=("50m", "128Mi"))
    ingress(c, app, "portal", "gce", [("portal.example.com", "/", "portal-web", 80), ("portal.example.com", "/api", "portal-api", 80)],
            200 * D, ann={"kubernetes.io/ingress.global-static-ip-name": "portal-prod-ip",
                          "networking.gke.io/managed-certificates": "portal-cert"}, lb={"ip": "34.117.%d.%d" % (c.rng.randint(1, 250), c.rng.randint(1, 250))})
    ops = "ops"
    namespace(c, ops, 350 * D)
    sa(c, ops, "report-runner", 350 * D, ann={"iam.gke.io/gcp-service-account": "report-runner@portal-prod-5521.iam.gserviceaccount.com"})
    tpj = tmpl({"app.kubernetes.io/name": "usage-report"},
               [ctr("report", "europe-west1-docker.pkg.dev/portal-prod-5521/ops/usage-report:1.4.2", req=("100m", "256Mi"))],
               sa="report-runner", restart="Never")
    cronjob(c, ops, "usage-report", tpj, "*/10 * * * *", 600, 0, 300 * D, ["ok", "ok", "ok"], N, dur=(40, 120))
    sandbox(c, "scratch-ana", "pending", "bq-loader", "europe-west1-docker.pkg.dev/portal-prod-5521/scratch/bq-loader:dev", 3, nodes=N)
    helm_release(c, ops, "pgweb", 2, 120 * D, 40 * D)
    comp_deploy(c, ops, "pgweb", "docker.io/sosedoff/pgweb:0.15.0", 1, 120 * D, helm=("pgweb", "pgweb", "0.1.5", "0.15.0"),
                ports=[("http", 8081)], rp=http("/", "http"), svc=[("http", 80, "http")], nodes=N)
    blip(c, [x for x in c.all("pods") if x["metadata"]["name"].startswith("portal-web-") and x["status"].get("phase") == "Running"][0])
    for p in [x for x in c.all("pods") if x["metadata"]["name"].startswith("gke-metrics-agent-")][:2]:
        restart_once(c, p, c.ago_of(p) - c.rng.randint(20, 60), "OOMKilled", 137)
    return {
        "fault": "config-syntax-error",
        "symptom": "Since the GKE node-pool upgrade this morning every portal user gets logged out and portal-api is not ready; "
                   "all three session Redis pods are crash-looping.",
        "root_cause": {"kind": "ConfigMap", "namespace": ns, "name": "sessions-redis-config"},
        "explanation": "The node-pool upgrade (all nodes created ~45 min ago) restarted every pod, so the session Redis "
                       "StatefulSet re-read its configuration. Line 23 of ConfigMap sessions-redis-config/redis.conf reads "
                       "'maxmemory-policy allkeys-lru volatile-lru'; Redis exits at start-up with '*** FATAL CONFIG FILE ERROR "
                       "(Redis 7.2.5) *** ... at line 23 ... wrong number of arguments' (container termination message, exit 1), "
                       "so all three pods are in CrashLoopBackOff and sessions-redis-primary has no ready endpoints. The "
                       "StatefulSet itself is unchanged (single revision, generation 4 long ago); the cache-redis ConfigMap "
                       "with a valid 'maxmemory-policy allkeys-lru' runs fine. Fix: correct the directive in the ConfigMap.",
    }

"""k9-12: new NetworkPolicy allows the wrong client namespace; CockroachDB clients time out (k3s)."""
from .common import *
from ..registry import incident
from ..bases import k3s_base
from ..addons import monitoring, cert_manager, velero


@incident("k9-12", profile("k3s", version="v1.28.11+k3s1"), "2024-03-05T15:22:48Z",
          "k3s v1.28 HA (3 servers embedded etcd + 3 agents), flannel + kube-router network policy, local-path", hard=True)
def build(c):
    age = 300 * D
    specs = [dict(name="fleet-srv-%d" % i, ip="10.30.40.%d" % (10 + i), role="control-plane", ago=age - 300 * i, cpu=4, mem=16)
             for i in (1, 2, 3)]
    specs += [dict(name="fleet-agt-%d" % i, ip="10.30.40.%d" % (20 + i), ago=age - 2000 - 300 * i, cpu=8, mem=32) for i in (1, 2, 3)]
    k3s_base(c, specs, age)
    A = workers(c)
    mon = monitoring(c, prom_sc="local-path", nodes=A)
    cert_manager(c)
    velero(c)
    # ---------------- CockroachDB
    ns, rel = "fleet-db", "fleet-crdb"
    namespace(c, ns, 260 * D, {"team": "fleet", "tier": "data"})
    helm_release(c, ns, rel, 4, 259 * D, 60 * D)
    ha = helm_ann(rel, ns)
    hl = helm_labels(rel, "cockroachdb", "13.0.2", "24.1.2", component="cockroachdb")
    for k in ("node-secret", "client-secret"):
        secret(c, ns, "%s-cockroachdb-%s" % (rel, k), ["ca.crt", "tls.crt", "tls.key"], 259 * D, hl, ha, typ="kubernetes.io/tls")
    sa(c, ns, rel + "-cockroachdb", 259 * D, hl, ha)
    base = rel + "-cockroachdb"
    join = ",".join("%s-%d.%s:26257" % (base, i, base) for i in range(3))
    db = ctr("db", "cockroachdb/cockroach:v24.1.2", [("grpc", 26257), ("http", 8080)], ("2", "8Gi"), ("2", "8Gi"),
             [E("STATEFULSET_NAME", base), E("STATEFULSET_FQDN", "%s.%s.svc.cluster.local" % (base, ns)), E("COCKROACH_CHANNEL", "kubernetes-helm")],
             [MT("datadir", "/cockroach/cockroach-data/"), MT("certs", "/cockroach/cockroach-certs/")],
             cmd=["/bin/bash", "-ecx", "exec /cockroach/cockroach start --join=%s --advertise-host=$(hostname).${STATEFULSET_FQDN} "
                  "--certs-dir=/cockroach/cockroach-certs/ --http-port=8080 --port=26257 --cache=25%% --max-sql-memory=25%% "
                  "--logtostderr=INFO" % join],
             rp=http("/health?ready=1", "http", d=10, p=5, f=2, scheme="HTTPS"), lp=http("/health", "http", d=30, p=5, scheme="HTTPS"),
             sc={"allowPrivilegeEscalation": False, "capabilities": {"drop": ["ALL"]}, "privileged": False, "readOnlyRootFilesystem": True})
    init = [ctr("copy-certs", "busybox", cmd=["/bin/sh", "-c", "cp -f /certs/* /cockroach-certs/; chmod 0400 /cockroach-certs/*.key"],
                mounts=[MT("certs", "/cockroach-certs/"), MT("certs-secret", "/certs/")])]
    tp = tmpl(hl, [db], init, [VE("certs"), VS("certs-secret", base + "-node-secret")], sa=base,
              psc={"fsGroup": 1000, "runAsGroup": 1000, "runAsNonRoot": True, "runAsUser": 1000, "seccompProfile": {"type": "RuntimeDefault"}},
              aff=anti_affinity({"app.kubernetes.io/component": "cockroachdb", "app.kubernetes.io/instance": rel,
                                 "app.kubernetes.io/name": "cockroachdb"}), tgp=300)
    s = statefulset(c, ns, base, tp, 3, 259 * D, base, [("datadir", "100Gi", "local-path")], hl, ha, mgmt="Parallel", gen=4)
    sel = s["spec"]["selector"]["matchLabels"]
    service(c, ns, base, sel, [("grpc", 26257, "grpc"), ("http", 8080, "http")], 259 * D, hl,
            dict(ha, **{"prometheus.io/path": "_status/vars", "prometheus.io/port": "8080", "prometheus.io/scrape": "true",
                        "service.alpha.kubernetes.io/tolerate-unready-endpoints": "true"}), headless=True, pna=True)
    service(c, ns, base + "-public", sel, [("grpc", 26257, "grpc"), ("http", 8080, "http")], 259 * D, hl, ha)
    cp = [sts_pod(c, s, i, A[i], 60 * D - 400 * i, pvc_ago=259 * D) for i in range(3)]
    from ..workloads import job
    it = tmpl(dict(hl, **{"app.kubernetes.io/component": "init"}),
              [ctr("cluster-init", "cockroachdb/cockroach:v24.1.2", cmd=["/bin/bash", "-c", "while true; do initOUT=$(set -x; /cockroach/cockroach init --certs-dir=/cockroach-certs/ --cluster-name= --host=%s-0.%s:26257 2>&1); done" % (base, base)],
                   mounts=[MT("client-certs", "/cockroach-certs/")])], volumes=[VS("client-certs", base + "-client-secret")],
              restart="OnFailure", sa=base)
    job(c, ns, base + "-init", it, 259 * D - 100, [(A[0], 259 * D - 101, {"cluster-init": T(0, "Completed", 259 * D - 104, 259 * D - 140)})],
        labels=dict(hl, **{"app.kubernetes.io/component": "init"}), ann=dict(ha, **{"helm.sh/hook": "post-install,post-upgrade",
                                                                                 "helm.sh/hook-delete-policy": "before-hook-creation"}),
        outcome="Complete", end_ago=259 * D - 141)
    tpb = tmpl({"app.kubernetes.io/name": "crdb-backup"},
               [ctr("backup", "cockroachdb/cockroach:v24.1.2",
                    cmd=["/bin/bash", "-c", "cockroach sql --certs-dir=/certs --host=%s-public -e \"BACKUP INTO 's3://fleet-backups/crdb?AUTH=implicit' AS OF SYSTEM TIME '-10s';\"" % base],
                    mounts=[MT("client-certs", "/certs")])], volumes=[VS("client-certs", base + "-client-secret")], restart="Never")
    cronjob(c, ns, "fleet-crdb-backup", tpb, "0 1 * * *", D, H, 200 * D, ["ok", "ok", "ok"], A, dur=(200, 600))
    # ---------------- network policies (hardening change ~36 min ago)
    chg = 36 * M + 12
    npl = {"app.kubernetes.io/managed-by": "kustomize", "policy.fleet.io/baseline": "v2"}
    netpol(c, ns, "default-deny-ingress", {"podSelector": {}, "policyTypes": ["Ingress"]}, chg, npl)
    netpol(c, ns, "allow-crdb-peers", {"podSelector": {"matchLabels": sel}, "policyTypes": ["Ingress"],
                                       "ingress": [{"from": [{"podSelector": {"matchLabels": sel}}],
                                                    "ports": [{"port": 26257, "protocol": "TCP"}, {"port": 8080, "protocol": "TCP"}]}]}, chg, npl)
    netpol(c, ns, "allow-monitoring-scrape", {"podSelector": {"matchLabels": sel}, "policyTypes": ["Ingress"],
                                              "ingress": [{"from": [{"namespaceSelector": {"matchLabels": {"kubernetes.io/metadata.name": "monitoring"}}}],
                                                           "ports": [{"port": 8080, "protocol": "TCP"}]}]}, chg, npl)
    netpol(c, ns, "allow-fleet-apps", {"podSelector": {"matchLabels": sel}, "policyTypes": ["Ingress"],
                                       "ingress": [{"from": [{"namespaceSelector": {"matchLabels": {"kubernetes.io/metadata.name": "fleet"}},
                                                              "podSelector": {"matchLabels": {"app.kubernetes.io/part-of": "fleet"}}}],
                                                    "ports": [{"port": 26257, "protocol": "TCP"}]}]}, chg, npl)
    # ---------------- applications (namespace fleet-apps)
    app = "fleet-apps"
    namespace(c, app, 258 * D, {"team": "fleet"})
    secret(c, app, "fleet-db-url", ["DATABASE_URL"], 258 * D)
    env = [ES("DATABASE_URL", "fleet-db-url", "DATABASE_URL")]
    ip = c.get("services", ns, base + "-public")["spec"]["clusterIP"]
    err = ('failed to connect to `host=fleet-crdb-cockroachdb-public.fleet-db.svc user=fleet database=fleet`: dial error '
           '(timeout: dial tcp %s:26257: i/o timeout)' % ip)
    lab = lambda n: {"app.kubernetes.io/name": n, "app.kubernetes.io/part-of": "fleet"}
    api = app_deploy(c, app, "fleet-api", "ghcr.io/fleetco/fleet-api:2.9.3", 3, 120 * D, env=env, labels=lab("fleet-api"),
                     rp=http("/readyz", 8080, p=5, t=2), lp=http("/livez", 8080, d=15), nodes=A,
                     st=[{"fleet-api": R(since=4 * D + 300 * i, ready=False)} for i in range(3)], pod_ago=[4 * D + 300 * i + 30 for i in range(3)])
    for p in api["pods"]:
        unhealthy(c, p, "fleet-api", "Readiness", "HTTP probe failed with statuscode: 503", c.rng.randint(420, 430), chg - 40)
    trk = app_deploy(c, app, "fleet-tracker", "ghcr.io/fleetco/fleet-tracker:2.9.3", 2, 120 * D, env=env, labels=lab("fleet-tracker"),
                     svc=False, nodes=A, fallback=True,
                     st=[{"fleet-tracker": CL(6 - i, 1, "Error", 260 + 60 * i, 200 + 60 * i, err + "\nfleet-tracker: startup failed")} for i in range(2)],
                     pod_ago=[4 * D + 100, 4 * D + 700])
    for i, p in enumerate(trk["pods"]):
        crash_events(c, p, "fleet-tracker", 6 - i, chg - 60, 200 + 60 * i)
    app_deploy(c, app, "fleet-ui", "ghcr.io/fleetco/fleet-ui:2.9.1", 2, 120 * D, labels=lab("fleet-ui"), rp=http("/", 8080), nodes=A,
               req=("50m", "64Mi"))
    ingress(c, app, "fleet", "traefik", [("fleet.corp.lan", "/", "fleet-ui", 80), ("fleet.corp.lan", "/api", "fleet-api", 80)], 120 * D)
    sandbox(c, "sandbox-ops", "imagepull", "pgcat", "ghcr.io/postgresml/pgcat:v1.9.9-nonexistent", 12, nodes=A)
    blip(c, mon["graf"]["pods"][0])
    sandbox_quota(c, "sandbox-ops")
    busy_cron(c, app, "tile-cache-purge", "curlimages/curl:8.8.0", A, 600, ["sh", "-c", "curl -sf -X POST http://fleet-ui/cache/purge"])
    return {
        "fault": "networkpolicy-blocks-clients",
        "symptom": "Since about half an hour ago the fleet API cannot reach CockroachDB: connections to port 26257 time out "
                   "(i/o timeout), the tracker crash-loops and the API is not ready. The CockroachDB nodes report healthy.",
        "root_cause": {"kind": "NetworkPolicy", "namespace": ns, "name": "allow-fleet-apps"},
        "explanation": "A network-hardening change ~36 min ago added default-deny-ingress plus allow policies in fleet-db (all "
                       "created at the same time). allow-fleet-apps only admits pods from a namespace whose "
                       "kubernetes.io/metadata.name is 'fleet', but the applications run in namespace 'fleet-apps'. With "
                       "default-deny in place (k3s enforces NetworkPolicy via kube-router) the clients' SYNs to port 26257 are "
                       "dropped, giving 'dial tcp ...:26257: i/o timeout' (not connection refused). CockroachDB pods are Ready "
                       "and still talk to each other (allow-crdb-peers) and Prometheus scraping works (allow-monitoring-scrape). "
                       "Fix: correct the namespaceSelector in allow-fleet-apps to fleet-apps.",
    }

"""k9-26: etcd (Patroni DCS) headless Service without publishNotReadyAddresses; cluster cannot re-form after reboot (kubeadm) - incident definition (helpers in k26)."""
from .common import *
from ..registry import incident
from ..bases import kubeadm_base
from ..addons import monitoring, cert_manager
from .k26 import *  # noqa: F401,F403


@incident("k9-26", profile("kubeadm", version="v1.30.4"), "2024-10-22T22:47:33Z",
          "kubeadm v1.30 (3 CP + 3 workers), Cilium (kube-proxy replacement), local static PVs (local-volume-provisioner)", hard=True)
def build(c):
    age = 560 * D
    specs = [dict(name="bm-cp-%d" % i, ip="10.44.2.%d" % (10 + i), role="control-plane", ago=age - 60 * i, cpu=8, mem=16) for i in (1, 2, 3)]
    specs += [dict(name="bm-db-%d" % i, ip="10.44.2.%d" % (20 + i), ago=age - 900 - 60 * i, cpu=32, mem=256) for i in (1, 2, 3)]
    kubeadm_base(c, specs, age, net="cilium", pod_net="10.12.", kpr=True)
    Wk = workers(c)
    lv = "local-storage"
    namespace(c, lv, age - 3 * D)
    comp_ds(c, lv, "local-volume-provisioner", "registry.k8s.io/sig-storage/local-volume-provisioner:v2.6.0", Wk, age - 3 * D,
            labels={"app.kubernetes.io/name": "local-volume-provisioner"}, sa="local-storage-admin", req=None, csc={"privileged": True},
            env=[EF("MY_NODE_NAME", "spec.nodeName"), EF("MY_NAMESPACE", "metadata.namespace")],
            vols=[VH("local-ssd", "/mnt/disks/ssd"), VC("provisioner-config", "local-provisioner-config")],
            mounts=[MT("local-ssd", "/mnt/disks/ssd"), MT("provisioner-config", "/etc/provisioner/config", True)])
    cm(c, lv, "local-provisioner-config", {"storageClassMap": "local-ssd:\n  hostDir: /mnt/disks/ssd\n  mountDir: /mnt/disks/ssd\n  volumeMode: Filesystem\n  fsType: ext4\n"},
       age - 3 * D)
    storageclass(c, "local-ssd", "kubernetes.io/no-provisioner", age - 3 * D, reclaim="Delete", binding="WaitForFirstConsumer", expand=None)
    mon = monitoring(c, prom_sc=None, nodes=Wk)
    cert_manager(c)
    boot = 41 * M
    # ---------------- etcd used as Patroni DCS (hand-written manifests)
    dcs = "pg-dcs"
    namespace(c, dcs, 16 * D, {"team": "dba"})
    elab = {"app.kubernetes.io/name": "etcd", "app.kubernetes.io/instance": "patroni-etcd", "app.kubernetes.io/part-of": "accounting-db"}
    dns = c.get("services", "kube-system", "kube-dns")["spec"]["clusterIP"]
    st = {}
    for i in range(3):
        other = (i + 1) % 3
        msg = ('{"level":"warn","ts":"2024-10-22T22:%02d:%02d.%03dZ","caller":"rafthttp/probing_status.go:68","msg":"prober detected unhealthy status",'
               '"round-tripper-name":"ROUND_TRIPPER_RAFT_MESSAGE","remote-peer-id":"%s","rtt":"0s","error":"dial tcp: lookup patroni-etcd-%d.patroni-etcd-headless.pg-dcs.svc.cluster.local on %s:53: no such host"}\n'
               '{"level":"info","ts":"2024-10-22T22:%02d:%02d.%03dZ","logger":"raft","caller":"etcdserver/zap_raft.go:77","msg":"%s is starting a new election at term 214"}\n'
               '{"level":"warn","ts":"2024-10-22T22:%02d:%02d.%03dZ","caller":"etcdserver/server.go:2123","msg":"failed to publish local member to cluster through raft","error":"etcdserver: request timed out"}\n'
               '{"level":"info","ts":"2024-10-22T22:%02d:%02d.%03dZ","caller":"osutil/interrupt_unix.go:64","msg":"received signal; shutting down","signal":"terminated"}\n'
               % (44, 10 + i, c.rng.randint(0, 999), c.hexs(16), other, dns, 44, 15 + i, c.rng.randint(0, 999), c.hexs(16),
                  44, 20 + i, c.rng.randint(0, 999), 44, 25 + i, c.rng.randint(0, 999)))
        st[i] = {"etcd": CL(10 + i % 2, 143, "Error", 220 + 10 * i, 185 + 10 * i, msg)}
    es, epods = etcd_sts(c, dcs, "patroni-etcd", "patroni-etcd-headless", elab, Wk, 16 * D, st=st, pod_ago=[16 * D - 200 * i for i in range(3)])
    service(c, dcs, "patroni-etcd-headless", es["spec"]["selector"]["matchLabels"], [("client", 2379, "client"), ("peer", 2380, "peer")],
            16 * D, elab, headless=True, pna=False)
    service(c, dcs, "patroni-etcd", es["spec"]["selector"]["matchLabels"], [("client", 2379, "client")], 16 * D, elab)
    for p in epods:
        ip = p["status"]["podIP"]
        kev(c, p, "Killing", "Container etcd failed liveness probe, will be restarted", "Normal", 10, boot - 60, 190, "etcd")
        unhealthy(c, p, "etcd", "Liveness", "HTTP probe failed with statuscode: 503", 30, boot - 45, 195)
        unhealthy(c, p, "etcd", "Readiness", "HTTP probe failed with statuscode: 503", 160, boot - 40, 4)
        crash_events(c, p, "etcd", p["status"]["containerStatuses"][0]["restartCount"], boot - 50, 185)
    # ---------------- Patroni PostgreSQL
    ns = "accounting-db"
    namespace(c, ns, 400 * D, {"team": "dba"})
    secret(c, ns, "acct-pg", ["replication-password", "superuser-password"], 400 * D)
    plab = {"application": "patroni", "cluster-name": "acct-pg"}
    pg = ctr("patroni", "ghcr.io/acme-dba/patroni-pg16:3.3.2-1", [("postgresql", 5432), ("patroni", 8008)], ("4", "32Gi"), (None, "32Gi"),
             [EF("PATRONI_NAME", "metadata.name"), E("PATRONI_SCOPE", "acct-pg"),
              E("PATRONI_ETCD3_HOSTS", "'patroni-etcd-0.patroni-etcd-headless.pg-dcs.svc.cluster.local:2379','patroni-etcd-1.patroni-etcd-headless.pg-dcs.svc.cluster.local:2379','patroni-etcd-2.patroni-etcd-headless.pg-dcs.svc.cluster.local:2379'"),
              EF("PATRONI_POSTGRESQL_CONNECT_ADDRESS_IP", "status.podIP"), E("PATRONI_POSTGRESQL_DATA_DIR", "/data/pgdata"),
              ES("PATRONI_SUPERUSER_PASSWORD", "acct-pg", "superuser-password"), ES("PATRONI_REPLICATION_PASSWORD", "acct-pg", "replication-password")],
             [MT("pgdata", "/data")], rp=http("/readiness", 8008, d=10, p=10, t=5), lp=http("/liveness", 8008, d=30, p=10, t=5))
    ptp = tmpl(plab, [pg], aff=anti_affinity(plab, required=True), psc={"fsGroup": 999, "runAsUser": 999})
    ps = statefulset(c, ns, "acct-pg", ptp, 3, 390 * D, "acct-pg", [("pgdata", "1500Gi", "local-ssd")], plab)
    service(c, ns, "acct-pg", ps["spec"]["selector"]["matchLabels"], [("postgresql", 5432, 5432), ("patroni", 8008, 8008)], 390 * D, plab,
            headless=True, pna=True)
    ppods = [sts_pod(c, ps, i, Wk[i], 60 * D - 500 * i, st={"patroni": R(since=boot - 70, ready=False, restarts=1,
                                                                            last=L(255, "Unknown", 60 * D - 500 * i - 30, boot + 80))},
                     pvc_ago=390 * D - 40 * i) for i in range(3)]
    for p in ppods:
        unhealthy(c, p, "patroni", "Readiness", "HTTP probe failed with statuscode: 503", c.rng.randint(230, 245), boot - 75)
    hlab = {"app.kubernetes.io/name": "acct-pg-haproxy"}
    comp_deploy(c, ns, "acct-pg-haproxy", "haproxy:2.9.9-alpine", 2, 300 * D, labels=hlab, ports=[("primary", 5000), ("replicas", 5001), ("stats", 7000)],
                req=("100m", "64Mi"), nodes=Wk, pod_ago=[boot - 90, boot - 95], rp=tcp("stats"),
                svc=[("primary", 5432, "primary"), ("replicas", 5433, "replicas")], svc_name="acct-pg-rw",
                vols=[VC("cfg", "acct-pg-haproxy")], mounts=[MT("cfg", "/usr/local/etc/haproxy", True)])
    cm(c, ns, "acct-pg-haproxy", {"haproxy.cfg": "listen primary\n    bind *:5000\n    option httpchk OPTIONS /primary\n    http-check expect status 200\n"
                                                 "    server acct-pg-0 acct-pg-0.acct-pg:5432 maxconn 500 check port 8008\n"
                                                 "    server acct-pg-1 acct-pg-1.acct-pg:5432 maxconn 500 check port 8008\n"
                                                 "    server acct-pg-2 acct-pg-2.acct-pg:5432 maxconn 500 check port 8008\n"}, 300 * D)
    tpb = tmpl({"app.kubernetes.io/name": "acct-pg-basebackup"},
               [ctr("pgbackrest", "ghcr.io/acme-dba/pgbackrest:2.53", cmd=["pgbackrest", "--stanza=acct", "backup", "--type=diff"])], restart="Never")
    cronjob(c, ns, "acct-pg-backup", tpb, "0 21 * * *", D, 21 * H, 300 * D, ["ok", "ok", "ok"], Wk, skip_latest=0, dur=(600, 1500))
    # ---------------- accounting app
    app = "accounting"
    namespace(c, app, 401 * D, {"team": "finance"})
    secret(c, app, "acct-db", ["DATABASE_URL"], 300 * D)
    err = ("psycopg2.OperationalError: server closed the connection unexpectedly\n\tThis probably means the server terminated abnormally\n"
           "\tbefore or while processing the request.\n")
    api = app_deploy(c, app, "acct-api", "registry.acme.local/finance/acct-api:11.2.0", 3, 300 * D, env=[ES("DATABASE_URL", "acct-db", "DATABASE_URL")],
                     rp=http("/health", 8080), nodes=Wk, fallback=True, pod_ago=[boot - 100 - 20 * i for i in range(3)],
                     st=[{"acct-api": CL(8, 1, "Error", 230 + 20 * i, 200 + 20 * i, err)} for i in range(3)])
    for i, p in enumerate(api["pods"]):
        crash_events(c, p, "acct-api", 8, boot - 110, 200 + 20 * i)
    # ---------------- APISIX with a chart-managed etcd (publishNotReadyAddresses: true) - recovered fine
    ap = "apisix"
    namespace(c, ap, 200 * D)
    helm_release(c, ap, "apisix", 3, 199 * D, 60 * D)
    alab = helm_labels("apisix", "etcd", "9.7.3", "3.5.10", "etcd")
    as_, apods = etcd_sts(c, ap, "apisix-etcd", "apisix-etcd-headless", alab, Wk, 199 * D, pod_ago=[60 * D - 100 * i for i in range(3)],
                          ann=helm_ann("apisix", ap))
    service(c, ap, "apisix-etcd-headless", as_["spec"]["selector"]["matchLabels"], [("client", 2379, "client"), ("peer", 2380, "peer")],
            199 * D, alab, helm_ann("apisix", ap), headless=True, pna=True)
    service(c, ap, "apisix-etcd", as_["spec"]["selector"]["matchLabels"], [("client", 2379, "client")], 199 * D, alab, helm_ann("apisix", ap))
    comp_deploy(c, ap, "apisix", "apache/apisix:3.9.1-debian", 2, 199 * D, helm=("apisix", "apisix", "2.8.1", "3.9.1"),
                ports=[("http", 9080), ("tls", 9443)], req=None, nodes=Wk, rp=tcp(9080, d=10), svc=[("apisix-gateway", 80, 9080)],
                svc_name="apisix-gateway")
    for nd in Wk:
        reboot_node(c, nd, boot)
    sandbox(c, "sandbox-dba", "crashloop", "pg-upgrade-test", "ghcr.io/acme-dba/patroni-pg17:beta3", 6, nodes=Wk)
    blip(c, mon["graf"]["pods"][0])
    sandbox_quota(c, "sandbox-dba")
    app_netpols(c, ap, None, "monitoring")
    return {
        "fault": "headless-service-not-publishing-notready",
        "symptom": "After the planned reboot of the database hosts tonight the accounting Postgres never came back: all three "
                   "Patroni pods are Running but not ready, the DCS etcd pods keep restarting, and acct-api crash-loops.",
        "root_cause": {"kind": "Service", "namespace": dcs, "name": "patroni-etcd-headless"},
        "explanation": "The hand-written etcd that Patroni uses as DCS bootstraps and reconnects through per-pod DNS names "
                       "(patroni-etcd-N.patroni-etcd-headless...). Its headless Service lacks publishNotReadyAddresses, so DNS "
                       "only publishes ready pods. When all three hosts rebooted at once, no etcd member was ready, none could "
                       "resolve its peers (termination messages: 'lookup patroni-etcd-1.patroni-etcd-headless... no such host'), "
                       "quorum never formed and the liveness probe keeps killing them (CrashLoopBackOff, Endpoints only "
                       "notReadyAddresses). Patroni then has no DCS, refuses to promote a leader, readiness returns 503 and "
                       "HAProxy has no primary, hence acct-api's 'server closed the connection unexpectedly'. The APISIX etcd, "
                       "rebooted the same way, recovered because its chart-managed headless Service sets "
                       "publishNotReadyAddresses: true. Fix: set publishNotReadyAddresses: true on patroni-etcd-headless.",
    }

"""k9-18: aggressive livenessProbe added to the Elasticsearch StatefulSet kills the node during start-up (Talos, ECK) - incident definition (helpers in k18)."""
from .common import *
from ..registry import incident
from ..bases import talos_base
from ..addons import monitoring, cert_manager
from .k18 import *  # noqa: F401,F403


@incident("k9-18", profile("talos", version="v1.30.3"), "2024-08-07T16:29:40Z",
          "Talos Linux v1.7 / Kubernetes v1.30 (3 CP + 4 workers), Cilium (kube-proxy replacement), local-path-provisioner, ECK")
def build(c):
    age = 260 * D
    specs = [dict(name="tl-ctrl-%s" % x, ip="10.77.0.%d" % (11 + i), role="control-plane", ago=age - 60 * i, cpu=4, mem=8)
             for i, x in enumerate("abc")]
    specs += [dict(name="tl-data-%s" % x, ip="10.77.0.%d" % (21 + i), ago=age - 1200 - 60 * i, cpu=16, mem=64) for i, x in enumerate("abcd")]
    talos_base(c, specs, age, pod_net="10.244.")
    Wk = workers(c)
    lp = "local-path-storage"
    namespace(c, lp, age - D, {"pod-security.kubernetes.io/enforce": "privileged"})
    cm(c, lp, "local-path-config", {"config.json": "{\"nodePathMap\":[{\"node\":\"DEFAULT_PATH_FOR_NON_LISTED_NODES\",\"paths\":[\"/var/mnt/local-path-provisioner\"]}]}"}, age - D)
    comp_deploy(c, lp, "local-path-provisioner", "rancher/local-path-provisioner:v0.0.28", 1, age - D, labels={"app": "local-path-provisioner"},
                sa="local-path-provisioner-service-account", req=None, nodes=Wk, mounts=[MT("config-volume", "/etc/config/")],
                vols=[VC("config-volume", "local-path-config")])
    storageclass(c, "local-path", "rancher.io/local-path", age - D, default=True, expand=None)
    mon = monitoring(c, prom_sc="local-path", nodes=Wk)
    cert_manager(c)
    eo = "elastic-system"
    namespace(c, eo, 240 * D)
    comp_sts(c, eo, "elastic-operator", "docker.elastic.co/eck/eck-operator:2.13.0", 1, Wk[:1], 240 * D,
             labels={"control-plane": "elastic-operator", "app.kubernetes.io/version": "2.13.0"}, sa="elastic-operator",
             cname="manager", ports=[("https-webhook", 9443)], req=("100m", "150Mi"), lim=("1", "1Gi"),
             args=["manager", "--config=/conf/eck.yaml"], svc=[("https", 443, 9443)], hsvc="elastic-webhook-server")
    # ---------------- Elasticsearch "logs"
    ns = "logging"
    namespace(c, ns, 230 * D, {"team": "observability"})
    own = crd_ref(c, "elasticsearch.k8s.elastic.co/v1", "Elasticsearch", "logs")
    for k in ("logs-es-elastic-user", "logs-es-internal-users", "logs-es-hot-es-config", "logs-es-http-certs-internal",
              "logs-es-transport-certs-public", "logs-es-remote-ca"):
        keys = {"logs-es-elastic-user": ["elastic"], "logs-es-internal-users": ["elastic-internal", "elastic-internal-monitoring", "elastic-internal-probe"],
                "logs-es-hot-es-config": ["elasticsearch.yml"]}.get(k, ["ca.crt", "tls.crt", "tls.key"])
        secret(c, ns, k, keys, 229 * D, {"common.k8s.elastic.co/type": "elasticsearch", "elasticsearch.k8s.elastic.co/cluster-name": "logs"},
               owner=dict(own))
    cm(c, ns, "logs-es-scripts", {"prepare-fs.sh": "#!/usr/bin/env bash\nset -eu\n", "readiness-port-script.sh": "#!/usr/bin/env bash\nnc -z -v -w5 127.0.0.1 9200\n",
                                  "suspend.sh": "#!/usr/bin/env bash\nset -eu\n"}, 229 * D,
       {"common.k8s.elastic.co/type": "elasticsearch", "elasticsearch.k8s.elastic.co/cluster-name": "logs"}, owner=dict(own))
    lab = {"common.k8s.elastic.co/type": "elasticsearch", "elasticsearch.k8s.elastic.co/cluster-name": "logs",
           "elasticsearch.k8s.elastic.co/statefulset-name": "logs-es-hot", "elasticsearch.k8s.elastic.co/node-data": "true",
           "elasticsearch.k8s.elastic.co/node-master": "true", "elasticsearch.k8s.elastic.co/node-ingest": "true",
           "elasticsearch.k8s.elastic.co/version": "8.14.1"}
    s = statefulset(c, ns, "logs-es-hot", es_tp(c, lab, False), 3, 229 * D, "logs-es-hot", [("elasticsearch-data", "500Gi", "local-path")],
                    lab, {"elasticsearch.k8s.elastic.co/cluster-name": "logs"}, owner=dict(own), update_tp=es_tp(c, lab, True), gen=9,
                    mgmt="Parallel")
    s["spec"]["updateStrategy"] = {"type": "OnDelete"}
    sel = s["spec"]["selector"]["matchLabels"]
    for i in range(2):
        sts_pod(c, s, i, Wk[i], 30 * D - 700 * i, new_rev=False, pvc_ago=229 * D - 30 * i)
    t2 = 51 * M + 10
    p2 = sts_pod(c, s, 2, Wk[2], t2, new_rev=True, pvc_ago=229 * D - 60,
                 st={"elasticsearch": CL(12, 143, "Error", 301, 268)})
    ip = p2["status"]["podIP"]
    unhealthy(c, p2, "elasticsearch", "Liveness", 'Get "https://%s:9200/_cluster/health?local=true": dial tcp %s:9200: connect: connection refused' % (ip, ip),
              38, t2 - 30, 275)
    unhealthy(c, p2, "elasticsearch", "Readiness", "", 61, t2 - 25, 276)["message"] = "Readiness probe failed: "
    kev(c, p2, "Killing", "Container elasticsearch failed liveness probe, will be restarted", "Normal", 12, t2 - 40, 272, "elasticsearch")
    crash_events(c, p2, "elasticsearch", 12, t2 - 8, 268)
    service(c, ns, "logs-es-http", {"common.k8s.elastic.co/type": "elasticsearch", "elasticsearch.k8s.elastic.co/cluster-name": "logs"},
            [("https", 9200, 9200)], 229 * D, {"common.k8s.elastic.co/type": "elasticsearch", "elasticsearch.k8s.elastic.co/cluster-name": "logs"},
            owner=dict(own))
    service(c, ns, "logs-es-transport", {"common.k8s.elastic.co/type": "elasticsearch", "elasticsearch.k8s.elastic.co/cluster-name": "logs"},
            [("tls-transport", 9300, 9300)], 229 * D, {"common.k8s.elastic.co/type": "elasticsearch", "elasticsearch.k8s.elastic.co/cluster-name": "logs"},
            headless=True, owner=dict(own))
    service(c, ns, "logs-es-hot", sel, [("https", 9200, 9200)], 229 * D, lab, headless=True, pna=True, owner=dict(own))
    kown = crd_ref(c, "kibana.k8s.elastic.co/v1", "Kibana", "logs")
    comp_deploy(c, ns, "logs-kb", "docker.elastic.co/kibana/kibana:8.14.1", 1, 228 * D,
                labels={"common.k8s.elastic.co/type": "kibana", "kibana.k8s.elastic.co/name": "logs"}, cname="kibana",
                ports=[("https", 5601)], req=("100m", "1Gi"), lim=(None, "1Gi"), owner=kown, nodes=Wk,
                rp=http("/login", 5601, p=10, t=5, scheme="HTTPS"), svc=[("https", 5601, 5601)], svc_name="logs-kb-http", automount=False)
    tps = tmpl({"app.kubernetes.io/name": "es-snapshot"},
               [ctr("snapshot", "curlimages/curl:8.8.0",
                    cmd=["sh", "-c", "curl -sf -k -u elastic:$ES_PW -XPUT \"https://logs-es-http:9200/_snapshot/s3-repo/nightly-$(date +%F)?wait_for_completion=false\""],
                    env=[ES("ES_PW", "logs-es-elastic-user", "elastic")])], restart="OnFailure")
    cronjob(c, ns, "es-nightly-snapshot", tps, "0 1 * * *", D, H, 200 * D, ["ok", "ok", "ok"], Wk, dur=(3, 10))
    comp_ds(c, ns, "fluent-bit", "cr.fluentbit.io/fluent/fluent-bit:3.0.7", alln(c), 200 * D,
            helm=("fluent-bit", "fluent-bit", "0.47.1", "3.0.7"), sa="fluent-bit", ports=[("http", 2020)], req=("50m", "64Mi"),
            lim=(None, "256Mi"), rp=http("/api/v1/health", "http"), lp=http("/", "http"), tol=[{"operator": "Exists"}],
            vols=[VH("varlog", "/var/log"), VC("config", "fluent-bit")], mounts=[MT("varlog", "/var/log"), MT("config", "/fluent-bit/etc/conf")])
    cm(c, ns, "fluent-bit", {"fluent-bit.conf": "[SERVICE]\n    Flush 1\n[OUTPUT]\n    Name es\n    Host logs-es-http\n    tls On\n"}, 200 * D)
    helm_release(c, ns, "fluent-bit", 3, 200 * D, 20 * D)
    # shipping tier
    ing = "ingest"
    namespace(c, ing, 220 * D)
    comp_sts(c, ing, "logstash", "docker.elastic.co/logstash/logstash:8.14.1", 2, Wk[2:], 220 * D,
             labels={"app": "logstash"}, ports=[("beats", 5044), ("http", 9600)], req=("500m", "2Gi"), lim=(None, "2Gi"),
             rp=http("/", "http", d=60), svc=[("beats", 5044, "beats")], hsvc="logstash-headless",
             vct=[("logstash-data", "20Gi", "local-path")], mounts=[MT("logstash-data", "/usr/share/logstash/data")])
    sandbox(c, "sandbox-search", "crashloop", "opensearch-try", "opensearchproject/opensearch:2.15.0", 5, nodes=Wk)
    blip(c, mon["graf"]["pods"][0])
    sandbox_quota(c, "sandbox-search")
    app_netpols(c, ing, None, "monitoring")
    return {
        "fault": "liveness-probe-kills-startup",
        "symptom": "The logs Elasticsearch cluster has been yellow for about 50 minutes: one of the three hot nodes keeps "
                   "restarting ever since we applied a config change, and shard recovery never finishes.",
        "root_cause": {"kind": "StatefulSet", "namespace": ns, "name": "logs-es-hot"},
        "explanation": "The latest change added a livenessProbe to the elasticsearch container of the logs-es-hot StatefulSet "
                       "template (httpGet /_cluster/health?local=true, initialDelaySeconds 10, periodSeconds 5, timeoutSeconds 1, "
                       "failureThreshold 3). With updateStrategy OnDelete only logs-es-hot-2 has been re-created on the new "
                       "revision (updateRevision != currentRevision; pods -0/-1 have no liveness probe and are healthy). A node "
                       "with a 500Gi data path needs minutes to start, so kubelet kills it ~25s after each start: Unhealthy "
                       "'Liveness probe failed ... connect: connection refused', 'Container elasticsearch failed liveness probe, "
                       "will be restarted', lastState exit 143, 12 restarts, CrashLoopBackOff. Fix: remove the probe or give it a "
                       "startupProbe / generous initialDelay and timeout.",
    }

"""k9-28: Kafka KRaft controller StatefulSet scaled from 3 to 1; metadata quorum lost (MicroK8s)."""
from .common import *
from ..registry import incident
from ..bases import microk8s_base
from ..addons import monitoring, cert_manager, argocd

KIMG = "docker.io/bitnami/kafka:3.7.1-debian-12-r0"


def kafka_tp(c, lab, role, rel, ns):
    env = [E("BITNAMI_DEBUG", "false"), EF("MY_POD_NAME", "metadata.name"), E("KAFKA_VOLUME_DIR", "/bitnami/kafka"),
           E("KAFKA_MIN_ID", "0" if role == "controller" else "100"), E("KAFKA_KRAFT_CLUSTER_ID", "ZDE3MzQ1NjctOGI2Yy00YmM5LW"),
           E("KAFKA_HEAP_OPTS", "-Xmx1024m -Xms1024m")]
    ports = [("controller", 9093)] if role == "controller" else [("client", 9092), ("interbroker", 9094)]
    k = ctr("kafka", KIMG, ports, ("500m", "2Gi"), ("2", "3Gi"), env,
            [MT("data", "/bitnami/kafka"), MT("kafka-config", "/opt/bitnami/kafka/config/server.properties", sub="server.properties"),
             MT("empty-dir", "/tmp", sub="tmp-dir")],
            lp=ex(["pgrep", "-f", "kafka"], d=10, p=10, t=5), rp=tcp(ports[0][0], d=5, p=10, t=5, f=6),
            sc={"allowPrivilegeEscalation": False, "capabilities": {"drop": ["ALL"]}, "runAsNonRoot": True, "runAsUser": 1001})
    init = [ctr("kafka-init", KIMG, cmd=["/bin/bash"], args=["-ec", "/scripts/kafka-init.sh"],
                mounts=[MT("kafka-configmaps", "/configmaps"), MT("kafka-config", "/config"), MT("scripts", "/scripts")])]
    return tmpl(lab, [k], init, [VC("kafka-configmaps", "%s-%s-configuration" % (rel, role)), VE("kafka-config"),
                                 VC("scripts", rel + "-scripts", mode=493), VE("empty-dir")],
                sa=rel, psc={"fsGroup": 1001, "seccompProfile": {"type": "RuntimeDefault"}},
                aff=anti_affinity({"app.kubernetes.io/instance": rel, "app.kubernetes.io/component": "%s-eligible" % role if role == "controller" else "broker"}, weight=1))


@incident("k9-28", profile("microk8s", version="v1.29.7"), "2024-12-03T17:21:44Z",
          "MicroK8s 1.29 (4-node HA), Calico, hostpath-storage")
def build(c):
    age = 300 * D
    specs = [dict(name="edge-mk-%02d" % i, ip="10.88.0.%d" % (40 + i), role="control-plane", ago=age - i * 900, cpu=8, mem=32) for i in range(1, 5)]
    microk8s_base(c, specs, age, pod_net="10.1.")
    N = alln(c)
    ing = "ingress"
    namespace(c, ing, age - 100)
    comp_ds(c, ing, "nginx-ingress-microk8s-controller", "registry.k8s.io/ingress-nginx/controller:v1.8.0", N, age - 100,
            labels={"name": "nginx-ingress-microk8s"}, sa="nginx-ingress-microk8s-serviceaccount", cname="nginx-ingress-microk8s",
            ports=[("http", 80), ("https", 443)], req=None, rp=http("/healthz", 10254, p=10), lp=http("/healthz", 10254, d=10, p=10, t=5))
    monitoring(c, ns="observability", prom_sc="microk8s-hostpath", nodes=N)
    cert_manager(c)
    argocd(c)
    # ---------------- Kafka (KRaft)
    ns, rel = "kafka", "events-kafka"
    namespace(c, ns, 250 * D, {"team": "streaming"})
    helm_release(c, ns, rel, 6, 249 * D, 30 * D)
    ha = helm_ann(rel, ns)
    secret(c, ns, rel + "-kraft-cluster-id", ["kraft-cluster-id"], 249 * D, helm_labels(rel, "kafka", "29.3.14", "3.7.1"), ha)
    secret(c, ns, rel + "-user-passwords", ["client-passwords", "controller-password", "inter-broker-password", "system-user-password"],
           249 * D, helm_labels(rel, "kafka", "29.3.14", "3.7.1"), ha)
    cm(c, ns, rel + "-scripts", {"kafka-init.sh": "#!/bin/bash\nset -o errexit\n"}, 249 * D, helm_labels(rel, "kafka", "29.3.14", "3.7.1"), ha)
    voters = ",".join("%d@%s-controller-%d.%s-controller-headless.%s.svc.cluster.local:9093" % (i, rel, i, rel, ns) for i in range(3))
    for role in ("controller", "broker"):
        lab = helm_labels(rel, "kafka", "29.3.14", "3.7.1", component=role)
        props = ("listeners=CLIENT://:9092,INTERNAL://:9094%s\n" % (",CONTROLLER://:9093" if role == "controller" else "") +
                 "process.roles=%s\ncontroller.quorum.voters=%s\ncontroller.listener.names=CONTROLLER\n"
                 "default.replication.factor=3\nmin.insync.replicas=2\nnum.partitions=12\nlog.retention.hours=168\n" % (role, voters))
        cm(c, ns, "%s-%s-configuration" % (rel, role), {"server.properties": props}, 249 * D, lab, ha)
    sa(c, ns, rel, 249 * D, helm_labels(rel, "kafka", "29.3.14", "3.7.1"), ha)
    clab = helm_labels(rel, "kafka", "29.3.14", "3.7.1", component="controller-eligible", extra={"app.kubernetes.io/part-of": "kafka"})
    cs = statefulset(c, ns, rel + "-controller", kafka_tp(c, clab, "controller", rel, ns), 1, 249 * D, rel + "-controller-headless",
                     [("data", "20Gi", "microk8s-hostpath")], clab, ha, mgmt="Parallel", gen=7)
    csel = cs["spec"]["selector"]["matchLabels"]
    service(c, ns, rel + "-controller-headless", csel, [("tcp-internal", 9094, 9094), ("tcp-controller", 9093, "controller")],
            249 * D, clab, ha, headless=True, pna=True)
    sts_pod(c, cs, 0, N[0], 30 * D, pvc_ago=249 * D)
    from ..storage import pvc as mkpvc
    for i in (1, 2):
        mkpvc(c, ns, "data-%s-controller-%d" % (rel, i), "20Gi", "microk8s-hostpath", 249 * D - 60 * i, labels=csel, node=N[i])
    sc_at = 36 * M + 5
    for i in (2, 1):
        cev(c, cs, "SuccessfulDelete", "delete Pod %s-controller-%d in StatefulSet %s-controller successful" % (rel, i, rel), first=sc_at - (2 - i) * 3)
    blab = helm_labels(rel, "kafka", "29.3.14", "3.7.1", component="broker", extra={"app.kubernetes.io/part-of": "kafka"})
    bs = statefulset(c, ns, rel + "-broker", kafka_tp(c, blab, "broker", rel, ns), 3, 249 * D, rel + "-broker-headless",
                     [("data", "100Gi", "microk8s-hostpath")], blab, ha, mgmt="Parallel", gen=6)
    bsel = bs["spec"]["selector"]["matchLabels"]
    service(c, ns, rel + "-broker-headless", bsel, [("tcp-internal", 9094, "interbroker"), ("tcp-client", 9092, "client")], 249 * D, blab, ha,
            headless=True, pna=True)
    service(c, ns, rel, {"app.kubernetes.io/instance": rel, "app.kubernetes.io/name": "kafka", "app.kubernetes.io/part-of": "kafka"},
            [("tcp-client", 9092, "client")], 249 * D, helm_labels(rel, "kafka", "29.3.14", "3.7.1"), ha)
    for i in range(3):
        sts_pod(c, bs, i, N[(i + 1) % 4], 30 * D - 300 * i, pvc_ago=249 * D - 30 * i)
    comp_deploy(c, ns, "kafka-ui", "docker.io/provectuslabs/kafka-ui:v0.7.2", 1, 200 * D, labels={"app.kubernetes.io/name": "kafka-ui"},
                ports=[("http", 8080)], env=[E("KAFKA_CLUSTERS_0_NAME", "events"), E("KAFKA_CLUSTERS_0_BOOTSTRAPSERVERS", rel + ":9092")],
                rp=http("/actuator/health", "http"), svc=[("http", 80, "http")], nodes=N)
    # ---------------- producers / consumers
    app = "orders-stream"
    namespace(c, app, 240 * D, {"team": "streaming"})
    err = ("Exception in thread \"main\" org.apache.kafka.common.errors.TimeoutException: Topic order-events not present in metadata after 60000 ms.\n"
           "\tat org.apache.kafka.clients.producer.KafkaProducer.waitOnMetadata(KafkaProducer.java:1175)\n")
    prod = app_deploy(c, app, "order-publisher", "ghcr.io/edgeco/order-publisher:1.14.0", 3, 200 * D, nodes=N, fallback=True, svc=False,
                      env=[E("KAFKA_BOOTSTRAP_SERVERS", "events-kafka.kafka.svc.cluster.local:9092")], pod_ago=[9 * D + 300 * i for i in range(3)],
                      st=[{"order-publisher": CL(7, 1, "Error", 320 + 20 * i, 255 + 20 * i, err)} for i in range(3)])
    for i, p in enumerate(prod["pods"]):
        crash_events(c, p, "order-publisher", 7, sc_at - 120, 255 + 20 * i)
    app_deploy(c, app, "shipment-consumer", "ghcr.io/edgeco/shipment-consumer:1.14.0", 2, 200 * D, nodes=N, svc=False,
               env=[E("KAFKA_BOOTSTRAP_SERVERS", "events-kafka.kafka.svc.cluster.local:9092"), E("KAFKA_GROUP_ID", "shipments")])
    mq = "mqtt"
    namespace(c, mq, 150 * D)
    comp_sts(c, mq, "emqx", "emqx/emqx:5.6.1", 2, N[2:], 150 * D, labels={"app.kubernetes.io/name": "emqx"}, ports=[("mqtt", 1883)],
             req=("250m", "512Mi"), vct=[("emqx-data", "5Gi", "microk8s-hostpath")], mounts=[MT("emqx-data", "/opt/emqx/data")],
             svc=[("mqtt", 1883, "mqtt")], rp=tcp("mqtt"))
    sandbox(c, "sandbox-stream", "crashloop", "flink-sql-gw", "docker.io/flink:1.19.1-scala_2.12", 8, nodes=N)
    busy_cron(c, mq, "emqx-retained-gc", "curlimages/curl:8.8.0", N, 900, ["sh", "-c", "curl -sf -X DELETE http://emqx:18083/api/v5/mqtt/retainer/messages?expired=true"])
    blip(c, [x for x in c.all("pods") if x["metadata"]["name"].startswith("emqx-") and x["status"].get("phase") == "Running"][0])
    return {
        "fault": "kraft-controller-quorum-lost-after-scale-down",
        "symptom": "Kafka stopped accepting writes about 35 minutes ago: all order publishers time out with 'Topic order-events "
                   "not present in metadata'. All broker pods are Running and nobody changed the brokers.",
        "root_cause": {"kind": "StatefulSet", "namespace": ns, "name": rel + "-controller"},
        "explanation": "The KRaft controller StatefulSet events-kafka-controller was scaled from 3 to 1 ~36 min ago "
                       "(statefulset-controller SuccessfulDelete for controller-2 and controller-1, spec.replicas 1, generation "
                       "bump; their PVCs data-events-kafka-controller-1/2 are still Bound but unused). The controller "
                       "configuration still lists three voters in controller.quorum.voters, so the lone controller can never "
                       "obtain a majority and there is no active metadata leader; brokers stay up but cannot serve metadata or "
                       "accept writes, hence the producers' TimeoutException. Brokers, Services and storage are unchanged. Fix: "
                       "scale the controller StatefulSet back to 3 replicas.",
    }

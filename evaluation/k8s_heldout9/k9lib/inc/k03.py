"""k9-03: StorageClass re-created with invalid gp3 throughput; new MongoDB member cannot get a volume (EKS)."""
import json
from .common import *
from ..registry import incident
from ..bases2 import eks_base
from ..addons import cert_manager, external_secrets


def mongo_tp(c, lab, rel, sec):
    env = [E("BITNAMI_DEBUG", "false"), EF("MY_POD_NAME", "metadata.name"), EF("MY_POD_NAMESPACE", "metadata.namespace"),
           EF("MY_POD_HOST_IP", "status.hostIP"), E("K8S_SERVICE_NAME", rel + "-headless"),
           E("MONGODB_INITIAL_PRIMARY_HOST", "%s-0.$(K8S_SERVICE_NAME).$(MY_POD_NAMESPACE).svc.cluster.local" % rel),
           E("MONGODB_REPLICA_SET_NAME", "rs0"),
           E("MONGODB_ADVERTISED_HOSTNAME", "$(MY_POD_NAME).$(K8S_SERVICE_NAME).$(MY_POD_NAMESPACE).svc.cluster.local"),
           E("MONGODB_ROOT_USER", "root"), ES("MONGODB_ROOT_PASSWORD", sec, "mongodb-root-password"),
           ES("MONGODB_REPLICA_SET_KEY", sec, "mongodb-replica-set-key"), E("ALLOW_EMPTY_PASSWORD", "no"),
           E("MONGODB_SYSTEM_LOG_VERBOSITY", "0"), E("MONGODB_DISABLE_SYSTEM_LOG", "no"), E("MONGODB_ENABLE_JOURNAL", "yes"),
           E("MONGODB_PORT_NUMBER", "27017"), E("MONGODB_ENABLE_IPV6", "no"), E("MONGODB_ENABLE_DIRECTORY_PER_DB", "no")]
    m = ctr("mongodb", "docker.io/bitnami/mongodb:7.0.12-debian-12-r0", [("mongodb", 27017)], ("1", "6Gi"), ("4", "8Gi"), env,
            [MT("datadir", "/bitnami/mongodb"), MT("common-scripts", "/bitnami/scripts"),
             MT("scripts", "/scripts/setup.sh", sub="setup.sh"), MT("empty-dir", "/tmp", sub="tmp-dir"),
             MT("empty-dir", "/opt/bitnami/mongodb/conf", sub="app-conf-dir")],
            cmd=["/scripts/setup.sh"], lp=ex(["/bitnami/scripts/ping-mongodb.sh"], d=30, p=20, t=10, f=6),
            rp=ex(["/bitnami/scripts/readiness-probe.sh"], d=5, p=10, t=5, f=6),
            sc={"allowPrivilegeEscalation": False, "capabilities": {"drop": ["ALL"]}, "readOnlyRootFilesystem": True,
                "runAsGroup": 1001, "runAsNonRoot": True, "runAsUser": 1001, "seccompProfile": {"type": "RuntimeDefault"}})
    return tmpl(lab, [m], volumes=[VE("empty-dir"), VC("common-scripts", rel + "-common-scripts", mode=360),
                                   VC("scripts", rel + "-scripts", mode=493)],
                sa=rel, nsel={"workload": "data"},
                tol=[{"effect": "NoSchedule", "key": "dedicated", "operator": "Equal", "value": "data"}],
                psc={"fsGroup": 1001, "fsGroupChangePolicy": "Always"},
                aff=anti_affinity({"app.kubernetes.io/instance": rel, "app.kubernetes.io/name": "mongodb",
                                   "app.kubernetes.io/component": "mongodb"}, weight=1))


from .k03_build import *  # noqa: E402,F401,F403

"""k9-11: hand-maintained writer Service selector edited to a label no MySQL pod carries (EKS)."""
import json
from .common import *
from ..registry import incident
from ..bases2 import eks_base
from ..addons import cert_manager, monitoring


def mysql_tp(c, lab, rel, role):
    env = [E("BITNAMI_DEBUG", "false"), E("MYSQL_REPLICATION_MODE", "master" if role == "primary" else "slave"),
           E("MYSQL_REPLICATION_USER", "replicator"), ES("MYSQL_REPLICATION_PASSWORD", rel + "-mysql", "mysql-replication-password"),
           ES("MYSQL_ROOT_PASSWORD", rel + "-mysql", "mysql-root-password"), E("MYSQL_PORT", "3306"), E("MYSQL_DATABASE", "inventory")]
    if role == "secondary":
        env += [E("MYSQL_MASTER_HOST", rel + "-mysql-primary"), E("MYSQL_MASTER_PORT_NUMBER", "3306"), E("MYSQL_MASTER_ROOT_USER", "root"),
                ES("MYSQL_MASTER_ROOT_PASSWORD", rel + "-mysql", "mysql-root-password")]
    probe = ["/bin/bash", "-ec", "password_aux=\"${MYSQL_ROOT_PASSWORD:-}\"\nmysqladmin status -uroot -p\"${password_aux}\"\n"]
    m = ctr("mysql", "docker.io/bitnami/mysql:8.0.37-debian-12-r2", [("mysql", 3306)], ("1", "4Gi"), ("2", "6Gi"), env,
            [MT("data", "/bitnami/mysql"), MT("config", "/opt/bitnami/mysql/conf/my.cnf", sub="my.cnf"),
             MT("empty-dir", "/tmp", sub="tmp-dir")],
            lp=ex(probe, d=5, p=10, t=1, f=3), rp=ex(probe, d=5, p=10, t=1, f=3), sp=ex(probe, d=15, p=10, t=1, f=10),
            sc={"allowPrivilegeEscalation": False, "capabilities": {"drop": ["ALL"]}, "readOnlyRootFilesystem": True,
                "runAsNonRoot": True, "runAsUser": 1001, "runAsGroup": 1001, "seccompProfile": {"type": "RuntimeDefault"}})
    mx = ctr("metrics", "docker.io/bitnami/mysqld-exporter:0.15.1-debian-12-r21", [("metrics", 9104)], None, None,
             [ES("MYSQL_ROOT_PASSWORD", rel + "-mysql", "mysql-root-password")], rp=http("/", "metrics", d=5, t=1), lp=http("/", "metrics", d=120, t=1))
    return tmpl(lab, [m, mx], volumes=[VC("config", "%s-mysql-%s" % (rel, role)), VE("empty-dir")], sa=rel + "-mysql",
                psc={"fsGroup": 1001, "fsGroupChangePolicy": "Always"},
                aff=anti_affinity({"app.kubernetes.io/instance": rel, "app.kubernetes.io/name": "mysql",
                                   "app.kubernetes.io/component": role}, weight=1))


from .k11_build import *  # noqa: E402,F401,F403

"""CloudNativePG cluster helper (pods owned by the Cluster CR, no StatefulSet)."""
from .common import *


def cnpg_cluster(c, ns, name, n, nodes, sc, size, ago, primary=1, pg_image="ghcr.io/cloudnative-pg/postgresql:16.3",
                 op_ver="1.23.2", st=None, pod_ago=None, req=("1", "4Gi"), lim=("2", "4Gi")):
    own = crd_ref(c, "postgresql.cnpg.io/v1", "Cluster", name)
    for k, keys in (("app", ["dbname", "host", "jdbc-uri", "password", "pgpass", "port", "uri", "user", "username"]),
                    ("ca", ["ca.crt", "ca.key"]), ("replication", ["tls.crt", "tls.key"]), ("server", ["tls.crt", "tls.key"])):
        secret(c, ns, "%s-%s" % (name, k), keys, ago - 5, {"cnpg.io/cluster": name, "cnpg.io/reload": "true"},
               typ="kubernetes.io/basic-auth" if k == "app" else ("kubernetes.io/tls" if k != "ca" else "Opaque"),
               owner=dict(own, controller=True, blockOwnerDeletion=True) if k != "ca" else None)
    if not c.get("configmaps", ns, "cnpg-default-monitoring"):
        cm(c, ns, "cnpg-default-monitoring", {"queries": "backends:\n  query: |\n   SELECT sa.datname\n"}, ago - 4,
           {"cnpg.io/reload": ""})
    sa(c, ns, name, ago - 5)
    pods = []
    for i in range(1, n + 1):
        inst = "%s-%d" % (name, i)
        role = "primary" if i == primary else "replica"
        lab = {"cnpg.io/cluster": name, "cnpg.io/instanceName": inst, "cnpg.io/instanceRole": role,
               "cnpg.io/podRole": "instance", "role": role}
        pg = ctr("postgres", pg_image, [("postgresql", 5432), ("metrics", 9187), ("status", 8000)], req, lim,
                 [E("PGDATA", "/var/lib/postgresql/data/pgdata"), EF("POD_NAME", "metadata.name"),
                  E("NAMESPACE", ns), E("CLUSTER_NAME", name), E("PGPORT", "5432"), E("PGHOST", "/controller/run")],
                 [MT("pgdata", "/var/lib/postgresql/data"), MT("scratch-data", "/run"), MT("scratch-data", "/controller"),
                  MT("shm", "/dev/shm"), MT("app-secret", "/etc/app-secret")],
                 cmd=["/controller/manager", "instance", "run", "--log-level=info"],
                 lp=http("/healthz", 8000, p=10, t=5), rp=http("/readyz", 8000, p=10, t=5), sp=http("/healthz", 8000, p=10, t=5, f=360),
                 sc={"allowPrivilegeEscalation": False, "capabilities": {"drop": ["ALL"]}, "privileged": False,
                     "readOnlyRootFilesystem": True, "runAsNonRoot": True, "seccompProfile": {"type": "RuntimeDefault"}})
        boot = ctr("bootstrap-controller", "ghcr.io/cloudnative-pg/cloudnative-pg:" + op_ver,
                   cmd=["/manager", "bootstrap", "/controller/manager", "--log-level=info"],
                   mounts=[MT("scratch-data", "/controller")], req=req, lim=lim,
                   sc={"allowPrivilegeEscalation": False, "capabilities": {"drop": ["ALL"]}, "readOnlyRootFilesystem": True,
                       "runAsNonRoot": True, "seccompProfile": {"type": "RuntimeDefault"}})
        tp = tmpl(lab, [pg], [boot], [VP("pgdata", inst), VE("scratch-data"), VE("shm", "Memory"),
                                      VS("app-secret", name + "-app")], sa=name,
                  psc={"fsGroup": 26, "runAsGroup": 26, "runAsNonRoot": True, "runAsUser": 26,
                       "seccompProfile": {"type": "RuntimeDefault"}},
                  ann={"cnpg.io/operatorVersion": op_ver, "cnpg.io/podEnvHash": c.hexs(8)}, tgp=1800,
                  aff=anti_affinity({"cnpg.io/cluster": name, "cnpg.io/podRole": "instance"}))
        tp["spec"]["hostname"] = inst
        tp["spec"]["subdomain"] = name + "-any"
        nd = nodes[(i - 1) % len(nodes)]
        pa = pod_ago[i - 1] if pod_ago else ago - 120 * i
        pvc(c, ns, inst, size, sc, ago - 100 * i, labels={"cnpg.io/cluster": name, "cnpg.io/instanceName": inst,
                                                           "cnpg.io/instanceRole": role, "cnpg.io/pvcRole": "PG_DATA", "role": role},
            ann={"cnpg.io/nodeSerial": str(i), "cnpg.io/operatorVersion": op_ver, "cnpg.io/pvcStatus": "ready"},
            node=nd, owner=dict(own))
        s = (st or {}).get(i) or {"postgres": noise_run(c, pa - 20, 0.15)}
        pods.append(pod(c, ns, inst, tp, nd, own, pa, s))
    base = {"cnpg.io/cluster": name}
    for suf, sel in (("rw", {"cnpg.io/instanceRole": "primary"}), ("ro", {"cnpg.io/instanceRole": "replica"}),
                     ("r", {"cnpg.io/podRole": "instance"})):
        service(c, ns, "%s-%s" % (name, suf), dict(base, **sel), [("postgres", 5432, 5432)], ago - 2, base, owner=dict(own))
    service(c, ns, name + "-any", dict(base, **{"cnpg.io/podRole": "instance"}), [("postgres", 5432, 5432)], ago - 2, base,
            headless=True, pna=True, owner=dict(own))
    return pods


def cnpg_operator(c, ns="cnpg-system", ago=None, ver="1.23.2"):
    namespace(c, ns, ago)
    helm_release(c, ns, "cnpg", 3, ago - 10, ago // 3)
    return comp_deploy(c, ns, "cnpg-controller-manager", "ghcr.io/cloudnative-pg/cloudnative-pg:" + ver, 1, ago - 10,
                       helm=("cnpg", "cloudnative-pg", "0.21.6", ver), sa="cnpg-manager", cname="manager",
                       ports=[("metrics", 8080), ("webhook-server", 9443)], req=("100m", "200Mi"),
                       cmd=["/manager"], args=["controller", "--leader-elect", "--config-map-name=cnpg-controller-manager-config",
                                               "--webhook-port=9443"],
                       rp=http("/readyz", 9443, scheme="HTTPS"), lp=http("/readyz", 9443, scheme="HTTPS"),
                       svc=[(None, 443, "webhook-server")], svc_name="cnpg-webhook-service")

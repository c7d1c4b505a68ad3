"""k9-07: AKS node stopped reporting; the force-deleted Crunchy PGO instance pod hits Multi-Attach on its Azure disk."""
from .common import *
from ..registry import incident
from ..bases3 import aks_base
from ..addons import monitoring, ingress_nginx, cert_manager

PGO = "registry.developers.crunchydata.com/crunchydata/"


def pgo_instance(c, ns, cl, iset, suffix, nd, pa, role, st=None, ist=None, sandbox=True, own=None, pvc_ago=None):
    inst = "%s-%s-%s" % (cl, iset, suffix)
    lab = {"postgres-operator.crunchydata.com/cluster": cl, "postgres-operator.crunchydata.com/data": "postgres",
           "postgres-operator.crunchydata.com/instance": inst, "postgres-operator.crunchydata.com/instance-set": iset,
           "postgres-operator.crunchydata.com/patroni": cl + "-ha"}
    cc = [ctr("database", PGO + "crunchy-postgres:ubi8-16.3-1", [("postgres", 5432)], ("1", "6Gi"), ("2", "6Gi"),
              [E("PGDATA", "/pgdata/pg16"), E("PGHOST", "/tmp/postgres"), E("PGPORT", "5432"),
               E("PATRONI_NAME", inst + "-0"), E("PATRONI_KUBERNETES_NAMESPACE", ns),
               E("PATRONI_KUBERNETES_SCOPE_LABEL", "postgres-operator.crunchydata.com/patroni")],
              [MT("postgres-data", "/pgdata"), MT("dshm", "/dev/shm"), MT("tmp", "/tmp")],
              cmd=["patroni", "/etc/patroni"], rp=http("/readiness", 8008, d=3, p=10, t=5, scheme="HTTPS"),
              lp=http("/liveness", 8008, d=3, p=10, t=5, scheme="HTTPS"),
              sc={"allowPrivilegeEscalation": False, "capabilities": {"drop": ["ALL"]}, "privileged": False,
                  "readOnlyRootFilesystem": True, "runAsNonRoot": True, "seccompProfile": {"type": "RuntimeDefault"}}),
          ctr("replication-cert-copy", PGO + "crunchy-postgres:ubi8-16.3-1", cmd=["bash", "-ceu", "--"], req=None,
              mounts=[MT("tmp", "/tmp")]),
          ctr("pgbackrest", PGO + "crunchy-pgbackrest:ubi8-2.51-1", cmd=["pgbackrest", "server"],
              mounts=[MT("postgres-data", "/pgdata"), MT("tmp", "/tmp")], req=None),
          ctr("pgbackrest-config", PGO + "crunchy-pgbackrest:ubi8-2.51-1", cmd=["bash", "-ceu", "--"], req=None)]
    init = [ctr("postgres-startup", PGO + "crunchy-postgres:ubi8-16.3-1", cmd=["bash", "-ceu", "--"],
                mounts=[MT("postgres-data", "/pgdata"), MT("tmp", "/tmp")], req=None),
            ctr("nss-wrapper-init", PGO + "crunchy-postgres:ubi8-16.3-1", cmd=["bash", "-c"], mounts=[MT("tmp", "/tmp")], req=None)]
    tp = tmpl(lab, cc, init, [VP("postgres-data", inst + "-pgdata"), VE("dshm", "Memory"), VE("tmp", limit="16Mi")],
              sa=cl + "-instance", psc={"fsGroup": 26, "fsGroupChangePolicy": "OnRootMismatch"},
              aff=anti_affinity({"postgres-operator.crunchydata.com/cluster": cl, "postgres-operator.crunchydata.com/data": "postgres"}),
              nsel={"agentpool": "dbpool"}, tgp=30)
    s = statefulset(c, ns, inst, tp, 1, pvc_ago + 60, cl + "-pods", None, lab, owner=own)
    pvc(c, ns, inst + "-pgdata", "256Gi", "managed-csi-premium", pvc_ago, labels=dict(
        {k: v for k, v in lab.items() if k != "postgres-operator.crunchydata.com/patroni"},
        **{"postgres-operator.crunchydata.com/data": "postgres"}), node=nd if sandbox else None, owner=dict(own))
    p = sts_pod(c, s, 0, nd, pa, st=st, ist=ist, sandbox=sandbox,
                labels={"postgres-operator.crunchydata.com/role": role} if role else None)
    return s, p


from .k07_build import *  # noqa: E402,F401,F403

"""k9-08: ceph-csi RBD node-plugin DaemonSet does not tolerate the new tainted database node pool (Talos)."""
from .common import *
from ..registry import incident
from ..bases import talos_base
from ..addons import monitoring, cert_manager
from ..storage import DRIVERS

FSID = DRIVERS["rbd.csi.ceph.com"]["ceph"]
TS_IMG = "timescale/timescaledb-ha:pg16.3-ts2.15.2-all"


def tsdb_tp(c, lab, extra_sched):
    tsc = ctr("timescaledb", TS_IMG, [("postgresql", 5432), ("patroni", 8008)], ("2", "8Gi"), (None, "8Gi"),
              [E("PATRONI_SCOPE", "metrics-tsdb"), E("PATRONI_KUBERNETES_LABELS", "{app: metrics-tsdb, cluster-name: metrics-tsdb}"),
               E("PATRONI_KUBERNETES_NAMESPACE", "iot-data"), E("PATRONI_KUBERNETES_USE_ENDPOINTS", "true"),
               EF("PATRONI_NAME", "metadata.name"), EF("PATRONI_POSTGRESQL_CONNECT_ADDRESS", "status.podIP"),
               E("PGDATA", "/var/lib/postgresql/data"), E("PGBACKREST_CONFIG", "/etc/pgbackrest/pgbackrest.conf"),
               ES("PATRONI_SUPERUSER_PASSWORD", "metrics-tsdb-credentials", "PATRONI_SUPERUSER_PASSWORD"),
               ES("PATRONI_REPLICATION_PASSWORD", "metrics-tsdb-credentials", "PATRONI_REPLICATION_PASSWORD")],
              [MT("storage-volume", "/var/lib/postgresql"), MT("wal-volume", "/var/lib/postgresql/wal"),
               MT("patroni-config", "/etc/timescaledb/patroni.yaml", sub="patroni.yaml"), MT("socket-directory", "/var/run/postgresql")],
              cmd=["/bin/bash", "-c", "exec patroni /etc/timescaledb/patroni.yaml"],
              rp=ex(["pg_isready", "-h", "/var/run/postgresql"], d=5, p=30, t=5, f=6),
              sc={"allowPrivilegeEscalation": False})
    pgb = ctr("pgbackrest", TS_IMG, [("pgbackrest", 8081)], ("10m", "32Mi"), None,
              [E("PGBACKREST_STANZA", "poddb")], [MT("storage-volume", "/var/lib/postgresql"), MT("socket-directory", "/var/run/postgresql")],
              cmd=["/etc/timescaledb/scripts/pgbackrest_bootstrap.sh"])
    init = [ctr("tstune", TS_IMG, cmd=["sh", "-c", "set -e\n[ $CPUS -eq 0 ] && CPUS=\"${RESOURCES_CPU_LIMIT}\"\n"
                                             "timescaledb-tune -quiet -pg-version 16 -conf-path /tmp/tstune.conf -cpus \"$CPUS\" -memory \"${MEMORY}MB\" -yes"],
                env=[ER("RESOURCES_CPU_REQUESTS", "timescaledb", "requests.cpu"), ER("MEMORY", "timescaledb", "limits.memory", "1Mi")],
                mounts=[MT("tstune", "/tmp")])]
    spec = dict(volumes=[VC("patroni-config", "metrics-tsdb-patroni"), VE("socket-directory"), VE("tstune")],
                sa="metrics-tsdb", psc={"fsGroup": 1000, "runAsGroup": 1000, "runAsNonRoot": True, "runAsUser": 1000},
                aff=anti_affinity({"app": "metrics-tsdb", "release": "metrics-tsdb"}, weight=100))
    spec.update(extra_sched)
    return tmpl(lab, [pgb, tsc], init, **spec)


from .k08_build import *  # noqa: E402,F401,F403

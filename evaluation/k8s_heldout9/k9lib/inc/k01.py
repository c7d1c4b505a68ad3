"""k9-01: Bitnami PostgreSQL primary OOMKilled after chart upgrade applied resourcesPreset nano."""
from .common import *
from ..registry import incident
from ..bases import kubeadm_base
from ..stor_addons import rook_ceph
from ..addons import ingress_nginx, cert_manager, monitoring


def pg_tp(c, lab, rel, mode, lim, req, conf_cm, secret_name, db):
    env = [E("BITNAMI_DEBUG", "false"), E("POSTGRESQL_PORT_NUMBER", "5432"),
           E("POSTGRESQL_VOLUME_DIR", "/bitnami/postgresql"), E("PGDATA", "/bitnami/postgresql/data"),
           E("POSTGRES_USER", db), ES("POSTGRES_PASSWORD", secret_name, "password"),
           ES("POSTGRES_POSTGRES_PASSWORD", secret_name, "postgres-password"), E("POSTGRES_DATABASE", db),
           E("POSTGRES_REPLICATION_MODE", mode), E("POSTGRES_REPLICATION_USER", "repl_user"),
           ES("POSTGRES_REPLICATION_PASSWORD", secret_name, "replication-password"),
           E("POSTGRESQL_ENABLE_LDAP", "no"), E("POSTGRESQL_ENABLE_TLS", "no"), E("POSTGRESQL_LOG_HOSTNAME", "false"),
           E("POSTGRESQL_SHARED_PRELOAD_LIBRARIES", "pgaudit,pg_stat_statements")]
    if mode == "slave":
        env += [E("POSTGRES_MASTER_HOST", "%s-postgresql-primary" % rel), E("POSTGRES_MASTER_PORT_NUMBER", "5432")]
    isready = 'exec pg_isready -U "%s" -d "dbname=%s" -h 127.0.0.1 -p 5432' % (db, db)
    csc = {"allowPrivilegeEscalation": False, "capabilities": {"drop": ["ALL"]}, "privileged": False,
           "readOnlyRootFilesystem": True, "runAsGroup": 1001, "runAsNonRoot": True, "runAsUser": 1001,
           "seLinuxOptions": {}, "seccompProfile": {"type": "RuntimeDefault"}}
    mounts = [MT("empty-dir", "/tmp", sub="tmp-dir"), MT("empty-dir", "/opt/bitnami/postgresql/conf", sub="app-conf-dir"),
              MT("empty-dir", "/opt/bitnami/postgresql/tmp", sub="app-tmp-dir"),
              MT("postgresql-extended-config", "/bitnami/postgresql/conf/conf.d/"), MT("dshm", "/dev/shm"),
              MT("data", "/bitnami/postgresql")]
    pg = ctr("postgresql", "docker.io/bitnami/postgresql:16.3.0-debian-12-r14", [("tcp-postgresql", 5432)], req, lim, env, mounts,
             lp=ex(["/bin/sh", "-c", isready], d=30, p=10, t=5, f=6),
             rp=ex(["/bin/sh", "-c", "-e", isready + "\n[ -f /opt/bitnami/postgresql/tmp/.initialized ] || [ -f /bitnami/postgresql/.initialized ]\n"],
                   d=5, p=10, t=5, f=6), sc=csc)
    met = ctr("metrics", "docker.io/bitnami/postgres-exporter:0.15.0-debian-12-r26", [("http-metrics", 9187)],
              ("100m", "128Mi"), ("150m", "192Mi"),
              [E("DATA_SOURCE_URI", "127.0.0.1:5432/%s?sslmode=disable" % db), ES("DATA_SOURCE_PASS", secret_name, "password"),
               E("DATA_SOURCE_USER", db)], [MT("empty-dir", "/tmp", sub="tmp-dir")],
              rp=http("/", "http-metrics", d=5, p=10, t=5, f=6), lp=http("/", "http-metrics", d=5, p=10, t=5, f=6), sc=csc)
    vols = [VE("empty-dir"), VC("postgresql-extended-config", conf_cm), VE("dshm", "Memory")]
    return tmpl(lab, [pg, met], volumes=vols, sa=rel + "-postgresql",
                psc={"fsGroup": 1001, "fsGroupChangePolicy": "Always", "supplementalGroups": [], "sysctls": []},
                aff=anti_affinity({k: v for k, v in lab.items() if k in ("app.kubernetes.io/instance", "app.kubernetes.io/name",
                                                                           "app.kubernetes.io/component")}, weight=1))


from .k01_build import *  # noqa: E402,F401,F403

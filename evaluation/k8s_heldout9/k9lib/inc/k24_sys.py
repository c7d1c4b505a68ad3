"""k9-24 helpers: Harbor secrets/config and its static NFS volumes."""
from .common import *

NFS = "10.20.30.40"


def harbor_storage(c, ns, reinst, hl, ha):
    for nm, keys in (("harbor-core", ["CSRF_KEY", "HARBOR_ADMIN_PASSWORD", "POSTGRESQL_PASSWORD", "secret", "secretKey", "tls.crt", "tls.key"]),
                     ("harbor-database", ["POSTGRES_PASSWORD"]), ("harbor-jobservice", ["JOBSERVICE_SECRET", "REGISTRY_CREDENTIAL_PASSWORD"]),
                     ("harbor-registry", ["REGISTRY_HTTP_SECRET", "REGISTRY_REDIS_PASSWORD"]), ("harbor-registry-htpasswd", ["REGISTRY_HTPASSWD"]),
                     ("harbor-trivy", ["gitHubToken", "redisURL"])):
        secret(c, ns, nm, keys, reinst - 3, hl(nm.split("-")[1]), ha)
    cm(c, ns, "harbor-core", {"DATABASE_TYPE": "postgresql", "POSTGRESQL_HOST": "harbor-database", "POSTGRESQL_PORT": "5432",
                              "POSTGRESQL_USERNAME": "postgres", "POSTGRESQL_DATABASE": "registry", "EXT_ENDPOINT": "https://harbor.dc.example.net",
                              "REGISTRY_URL": "http://harbor-registry:5000", "_REDIS_URL_CORE": "redis://harbor-redis:6379/0?idle_timeout_seconds=30"},
       reinst - 3, hl("core"), ha)
    # static NFS PVs (created long ago, reclaimPolicy Retain, no storage class)
    pvs = {}
    for comp, size in (("database", "20Gi"), ("registry", "2Ti"), ("redis", "5Gi"), ("trivy", "20Gi"), ("jobservice", "5Gi")):
        pvs[comp] = static_pv(c, "harbor-%s-pv" % comp, size, None, 600 * D, {"nfs": {"path": "/export/harbor/%s" % comp, "server": NFS}},
                              access=("ReadWriteOnce",), labels={"app": "harbor", "component": comp}, ann={"pv.kubernetes.io/bound-by-controller": "yes"})
    old_uid = c.uid()
    dpv = pvs["database"]
    dpv["spec"]["claimRef"] = {"apiVersion": "v1", "kind": "PersistentVolumeClaim", "name": "database-data-harbor-database-0",
                               "namespace": ns, "resourceVersion": str(c.rng.randint(10 ** 6, 10 ** 7)), "uid": old_uid}
    dpv["status"] = {"phase": "Released"}
    # claims: the database claim was deleted during the reinstall and re-created; the others survived
    for comp, claimname, size in (("registry", "harbor-registry", "2Ti"), ("jobservice", "harbor-jobservice", "5Gi"),
                                  ("redis", "data-harbor-redis-0", "5Gi"), ("trivy", "data-harbor-trivy-0", "20Gi")):
        cl, _ = pvc(c, ns, claimname, size, None, 590 * D, labels=hl(comp), bound=False)
        cl["spec"]["storageClassName"] = ""
        bind(c, cl, pvs[comp])
        cl["metadata"]["annotations"] = {"pv.kubernetes.io/bind-completed": "yes", "pv.kubernetes.io/bound-by-controller": "yes"}

"""k9-16: hardening set automountServiceAccountToken=false on Spilo's ServiceAccount; Patroni cannot reach the API (OpenShift)."""
import json
from .common import *
from ..registry import incident
from ..bases2 import openshift_base, ocp

SPILO = "ghcr.io/zalando/spilo-16:3.2-p3"


def spilo(c, ns, cl, team, nodes, pod_ago, st=None, ready=True, leader_ip=None, ago=200 * D):
    lab = {"application": "spilo", "cluster-name": cl, "team": team}
    env = [E("SCOPE", cl), E("PGROOT", "/home/postgres/pgdata/pgroot"), EF("POD_IP", "status.podIP"), EF("POD_NAMESPACE", "metadata.namespace"),
           E("PGUSER_SUPERUSER", "postgres"), E("KUBERNETES_SCOPE_LABEL", "cluster-name"), E("KUBERNETES_ROLE_LABEL", "spilo-role"),
           ES("PGPASSWORD_SUPERUSER", "postgres.%s.credentials.postgresql.acid.zalan.do" % cl, "password"),
           E("PGUSER_STANDBY", "standby"), ES("PGPASSWORD_STANDBY", "standby.%s.credentials.postgresql.acid.zalan.do" % cl, "password"),
           E("PAM_OAUTH2", ""), E("HUMAN_ROLE", "zalandos"), E("PGVERSION", "16"),
           E("SPILO_CONFIGURATION", '{"postgresql":{},"bootstrap":{"initdb":[{"auth-host":"md5"},{"auth-local":"trust"}]}}'),
           E("DCS_ENABLE_KUBERNETES_API", "true")]
    pc = ctr("postgres", SPILO, [("postgresql", 5432), ("patroni", 8008), (None, 8080)], ("500m", "2Gi"), ("2", "4Gi"), env,
             [MT("pgdata", "/home/postgres/pgdata"), MT("dshm", "/dev/shm")],
             rp=http("/readiness", 8008, d=6, p=10, t=5, f=3), sc={"allowPrivilegeEscalation": True, "privileged": False,
                                                                   "readOnlyRootFilesystem": False})
    tp = tmpl(lab, [pc], volumes=[VE("dshm", "Memory")], sa="postgres-pod", tgp=300,
              aff=anti_affinity({"application": "spilo", "cluster-name": cl}, required=False))
    own = crd_ref(c, "acid.zalan.do/v1", "postgresql", cl)
    s = statefulset(c, ns, cl, tp, 2, ago, cl, [("pgdata", "50Gi", "thin-csi")], lab, owner=dict(own))
    pods = []
    for i in range(2):
        stt = None
        if not ready:
            stt = {"postgres": R(since=pod_ago[i] - 12, ready=False)}
        pods.append(sts_pod(c, s, i, nodes[i], pod_ago[i], st=stt, pvc_ago=ago - D,
                            labels={"spilo-role": "master" if i == 0 else "replica"} if ready else None))
    svc = service(c, ns, cl, None, [("postgresql", 5432, 5432)], ago - D, dict(lab, **{"spilo-role": "master"}), owner=dict(own))
    manual_endpoints(c, svc, [leader_ip or pods[0]["status"]["podIP"]], [("postgresql", 5432)], ago - D, dict(lab, **{"spilo-role": "master"}))
    ep = c.get("endpoints", ns, cl)
    ep["metadata"]["annotations"] = {"acquireTime": c.ts(30 * D).replace("Z", ".%06d+00:00" % c.rng.randint(0, 999999)),
                                     "leader": "%s-0" % cl, "optime": str(c.rng.randint(10 ** 9, 10 ** 10)),
                                     "renewTime": c.ts(pod_ago[0] + 600 if not ready else 7).replace("Z", ".%06d+00:00" % c.rng.randint(0, 999999)),
                                     "transitions": "3", "ttl": "30"}
    service(c, ns, cl + "-repl", dict(lab, **{"spilo-role": "replica"}), [("postgresql", 5432, 5432)], ago - D,
            dict(lab, **{"spilo-role": "replica"}), owner=dict(own))
    for u in ("postgres", "standby", "geo_app" if team == "geo" else "tiles_app"):
        secret(c, ns, "%s.%s.credentials.postgresql.acid.zalan.do" % (u.replace("_", "-"), cl), ["password", "username"], ago - D,
               {"application": "spilo", "cluster-name": cl, "team": team})
    return s, pods


@incident("k9-16", profile("openshift", version="v1.29.6+aa8f2e4"), "2024-09-24T10:03:22Z",
          "OpenShift 4.16 on vSphere (3 masters + 3 workers), OVN-Kubernetes, vSphere CSI (thin-csi)", hard=True)
def build(c):
    age = 500 * D
    dom = "ocp.geo.example.net"
    specs = [dict(name="ocp-m%d.%s" % (i, dom), ip="10.90.12.%d" % (21 + i), role="master", ago=age - 40 * i, cpu=8, mem=24,
                  csi={"csi.vsphere.vmware.com": "ocp-m%d.%s" % (i, dom)}) for i in range(3)]
    specs += [dict(name="ocp-w%d.%s" % (i, dom), ip="10.90.12.%d" % (31 + i), ago=age - 2000 - 60 * i, cpu=16, mem=64,
                   csi={"csi.vsphere.vmware.com": "ocp-w%d.%s" % (i, dom)}) for i in range(3)]
    openshift_base(c, specs, age, monitoring=False)
    Wk = workers(c)
    cd = "openshift-cluster-csi-drivers"
    namespace(c, cd, age - 200, {"openshift.io/cluster-monitoring": "true", "pod-security.kubernetes.io/enforce": "privileged"})
    comp_ds(c, cd, "vmware-vsphere-csi-driver-node", ocp(c, "vsphere-node"), alln(c), age - 200, labels={"app": "vmware-vsphere-csi-driver-node"},
            sa="vmware-vsphere-csi-driver-node-sa", cname="csi-driver", hostnet=True, pcn="system-node-critical", req=("10m", "50Mi"),
            csc={"privileged": True}, tol=[{"operator": "Exists"}],
            extra_ctrs=[ctr("csi-node-driver-registrar", ocp(c, "reg"), req=("10m", "50Mi")),
                        ctr("csi-liveness-probe", ocp(c, "lp"), req=("10m", "50Mi"))])
    comp_deploy(c, cd, "vmware-vsphere-csi-driver-controller", ocp(c, "vsphere-ctrl"), 2, age - 200,
                labels={"app": "vmware-vsphere-csi-driver-controller"}, sa="vmware-vsphere-csi-driver-controller-sa",
                cname="csi-driver", nodes=cps(c), nsel={"node-role.kubernetes.io/master": ""}, req=("10m", "50Mi"),
                tol=[{"effect": "NoSchedule", "key": "node-role.kubernetes.io/master", "operator": "Exists"}],
                extra_ctrs=[ctr(n, ocp(c, n), req=("10m", "50Mi")) for n in ("csi-provisioner", "csi-attacher", "csi-resizer", "csi-snapshotter")])
    storageclass(c, "thin-csi", "csi.vsphere.vmware.com", age - 200, {"StoragePolicyName": "openshift-storage-policy-ocp-geo"},
                 default=True)
    po = "postgres-operator"
    namespace(c, po, 300 * D)
    comp_deploy(c, po, "postgres-operator", "ghcr.io/zalando/postgres-operator:v1.12.2", 1, 300 * D,
                labels={"app.kubernetes.io/instance": "postgres-operator", "app.kubernetes.io/name": "postgres-operator"},
                sa="postgres-operator", req=("100m", "250Mi"), lim=("500m", "500Mi"), nodes=Wk,
                env=[E("CONFIG_MAP_NAME", "postgres-operator")], helm=None)
    cm(c, po, "postgres-operator", {"pod_service_account_name": "postgres-pod", "kubernetes_use_configmaps": "false",
                                    "enable_pod_antiaffinity": "true", "docker_image": SPILO}, 300 * D)
    # MachineConfig rollout rebooted the workers one after the other
    rb = {Wk[0]: 52 * M, Wk[1]: 41 * M, Wk[2]: 30 * M}
    # ---------------- geo cluster (broken)
    ns = "geo-db"
    namespace(c, ns, 210 * D, {"team": "geo", "security.example.net/baseline": "v3"})
    la = json.dumps({"apiVersion": "v1", "automountServiceAccountToken": False, "kind": "ServiceAccount",
                     "metadata": {"annotations": {}, "labels": {"security.example.net/hardened": "true"}, "name": "postgres-pod",
                                  "namespace": ns}}, separators=(",", ":"), sort_keys=True) + "\n"
    sa(c, ns, "postgres-pod", 209 * D, {"security.example.net/hardened": "true"},
       {"kubectl.kubernetes.io/last-applied-configuration": la}, automount=False)
    s, gp = spilo(c, ns, "geo-routing", "geo", [Wk[1], Wk[2]], [rb[Wk[1]] - 200, rb[Wk[2]] - 180], ready=False,
                  leader_ip="10.128.%d.%d" % (c.rng.randint(2, 5), c.rng.randint(10, 200)))
    for p in gp:
        ip = p["status"]["podIP"]
        unhealthy(c, p, "postgres", "Readiness", 'Get "http://%s:8008/readiness": dial tcp %s:8008: connect: connection refused' % (ip, ip),
                  c.rng.randint(150, 170), c.ago_of(p) - 10)
    tpb = tmpl({"application": "spilo-logical-backup", "cluster-name": "geo-routing"},
               [ctr("logical-backup", "ghcr.io/zalando/postgres-operator/logical-backup:v1.12.2",
                    env=[E("SCOPE", "geo-routing"), E("LOGICAL_BACKUP_PROVIDER", "s3"), E("PGHOST", "geo-routing")])],
               sa="postgres-pod", restart="Never")
    cronjob(c, ns, "logical-backup-geo-routing", tpb, "30 00 * * *", D, 30 * M, 200 * D, ["ok", "ok", "ok"], Wk, dur=(60, 200))
    # ---------------- tiles cluster (healthy look-alike, same operator, same reboot)
    ns2 = "tiles-db"
    namespace(c, ns2, 150 * D, {"team": "tiles"})
    sa(c, ns2, "postgres-pod", 149 * D)
    spilo(c, ns2, "tiles-cache", "tiles", [Wk[2], Wk[0]], [rb[Wk[2]] - 240, rb[Wk[0]] - 300], ready=True, ago=140 * D)
    # ---------------- geo application
    app = "geo"
    namespace(c, app, 211 * D, {"team": "geo", "security.example.net/baseline": "v3"})
    secret(c, app, "geo-routing-dsn", ["DATABASE_URL"], 200 * D)
    ep_ip = c.get("endpoints", ns, "geo-routing")["subsets"][0]["addresses"][0]["ip"]
    err = ('psycopg.OperationalError: connection failed: connection to server at "%s", port 5432 failed: No route to host\n'
           '\tIs the server running on that host and accepting TCP/IP connections?\n' % ep_ip)
    api = app_deploy(c, app, "routing-api", "image-registry.openshift-image-registry.svc:5000/geo/routing-api:2024.09.2", 3, 120 * D,
                     env=[ES("DATABASE_URL", "geo-routing-dsn", "DATABASE_URL")], rp=http("/healthz", 8080), nodes=Wk, fallback=True,
                     st=[{"routing-api": CL(7 - i, 1, "Error", 240 + 30 * i, 160 + 30 * i, err)} for i in range(3)],
                     pod_ago=[rb[Wk[i]] - 120 for i in range(3)], automount=False)
    for i, p in enumerate(api["pods"]):
        crash_events(c, p, "routing-api", 7 - i, c.ago_of(p) - 20, 160 + 30 * i)
    app_deploy(c, app, "tile-server", "image-registry.openshift-image-registry.svc:5000/geo/tile-server:2024.09.2", 2, 120 * D,
               rp=http("/", 8080), nodes=Wk, pod_ago=[rb[Wk[i]] - 150 for i in range(2)], automount=False)
    for nd, t in rb.items():
        reboot_node(c, nd, t)
    sandbox(c, "sandbox-geo-lab", "imagepull", "osrm-test", "quay.io/geo-lab/osrm-backend:v5.27.2-test", 6, nodes=Wk)
    helm_release(c, po, "postgres-operator", 4, 300 * D, 50 * D)
    blip(c, [x for x in c.all("pods") if x["metadata"]["name"].startswith("tile-server-") and x["status"].get("phase") == "Running"][0])
    app_netpols(c, app, openshift=True)
    return {
        "fault": "serviceaccount-token-not-mounted",
        "symptom": "After this morning's OpenShift node reboots the geo-routing Postgres (Zalando operator) has no leader: both "
                   "database pods are Running but 0/1 Ready and routing-api crash-loops with 'No route to host'.",
        "root_cause": {"kind": "ServiceAccount", "namespace": ns, "name": "postgres-pod"},
        "explanation": "Spilo/Patroni uses the Kubernetes API as its DCS (DCS_ENABLE_KUBERNETES_API=true, leader kept in the "
                       "geo-routing Endpoints) through ServiceAccount geo-db/postgres-pod. That ServiceAccount now has "
                       "automountServiceAccountToken: false (security baseline label/last-applied), so the pods re-created after "
                       "the MachineConfig reboots have no kube-api-access projected volume and Patroni cannot load in-cluster "
                       "credentials; it never starts, port 8008 refuses the readiness probe, no spilo-role label is set, and the "
                       "geo-routing Endpoints still point at the old leader IP (renewTime stale), hence 'No route to host'. The "
                       "tiles-cache cluster of the same operator, rebooted the same way, mounts its token (its postgres-pod SA is "
                       "not hardened) and is healthy. Fix: re-enable token automount on postgres-pod (or set "
                       "automountServiceAccountToken: true in the pod template).",
    }

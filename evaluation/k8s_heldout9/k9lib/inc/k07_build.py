"""k9-07: AKS node stopped reporting; the force-deleted Crunchy PGO instance pod hits Multi-Attach on its Azure disk - incident definition (helpers in k07)."""
from .common import *
from ..registry import incident
from ..bases3 import aks_base
from ..addons import monitoring, ingress_nginx, cert_manager
from .k07 import *  # noqa: F401,F403


@incident("k9-07", profile("aks", version="v1.29.7"), "2024-05-21T07:18:33Z",
          "AKS 1.29 (system + dbpool node pools, 3 zones), Azure CNI, Azure Disk CSI")
def build(c):
    age = 470 * D
    specs = [dict(name="aks-system-27841930-vmss000000", ip="10.224.0.4", zone="westeurope-1", ago=40 * D, cpu=4, mem=16,
                  pool_name="system", mode="system", itype="Standard_D4s_v5")]
    for i, z in enumerate(("2", "1", "3", "1")):
        specs.append(dict(name="aks-dbpool-27841930-vmss00000%d" % i, ip="10.224.0.%d" % (35 + i), zone="westeurope-" + z,
                          ago=40 * D - 600 - i * 60, cpu=8, mem=64, pool_name="dbpool", mode="user", itype="Standard_E8s_v5"))
    aks_base(c, specs, age)
    DB = ["aks-dbpool-27841930-vmss00000%d" % i for i in range(4)]
    dead = DB[1]
    ingress_nginx(c, n=2, lb={"ip": "20.103.%d.%d" % (c.rng.randint(1, 250), c.rng.randint(1, 250))})
    cert_manager(c)
    mon = monitoring(c, prom_sc="managed-csi", nodes=DB)
    op = "postgres-operator"
    namespace(c, op, 300 * D)
    comp_deploy(c, op, "pgo", PGO + "postgres-operator:ubi8-5.6.0-0", 1, 300 * D,
                labels={"postgres-operator.crunchydata.com/control-plane": "postgres-operator"}, sa="pgo",
                cname="operator", req=None, env=[E("PGO_NAMESPACE", op), E("CRUNCHY_DEBUG", "false")])
    # ---------------- database
    ns, cl = "orders-db", "orders-pg"
    namespace(c, ns, 280 * D, {"team": "orders"})
    own = crd_ref(c, "postgres-operator.crunchydata.com/v1beta1", "PostgresCluster", cl)
    sa(c, ns, cl + "-instance", 280 * D)
    for k in ("cluster-cert", "replication-cert", "pgbackrest", "pguser-orders"):
        secret(c, ns, "%s-%s" % (cl, k), ["tls.crt", "tls.key"] if "cert" in k else (["password", "uri", "user", "host", "port", "dbname", "jdbc-uri"]
                                                                                     if "pguser" in k else ["pgbackrest.ca-roots", "pgbackrest-repo-host.crt", "pgbackrest-repo-host.key"]),
               280 * D, {"postgres-operator.crunchydata.com/cluster": cl}, owner=dict(own))
    cm(c, ns, cl + "-config", {"patroni.yaml": "bootstrap:\n  dcs:\n    loop_wait: 10\n    ttl: 30\n    postgresql:\n      parameters:\n        max_connections: 300\n        shared_buffers: 2GB\n"},
       280 * D, {"postgres-operator.crunchydata.com/cluster": cl}, owner=dict(own))
    down = 14 * M + 7
    force = 6 * M + 40
    sA, pA = pgo_instance(c, ns, cl, "instance1", "m2vq", DB[0], 38 * D, "master", own=own, pvc_ago=279 * D)
    ist = {"postgres-startup": W("PodInitializing"), "nss-wrapper-init": W("PodInitializing")}
    sB, pB = pgo_instance(c, ns, cl, "instance1", "x7kd", DB[3], force - 1, None, st={}, ist=ist, sandbox=False, own=own,
                          pvc_ago=279 * D - 100)
    claim = c.get("persistentvolumeclaims", ns, "%s-instance1-x7kd-pgdata" % cl)
    # PV was provisioned in zone 1 on the node that died
    pv = c.get("persistentvolumes", None, claim["spec"]["volumeName"])
    from ..storage import _pv_source
    src, aff = _pv_source(c, "disk.csi.azure.com", c.get("storageclasses", None, "managed-csi-premium"), pv["metadata"]["name"], ns,
                          claim["metadata"]["name"], dead, "256Gi")
    pv["spec"].update(src)
    pv["spec"]["nodeAffinity"] = aff
    claim["metadata"]["annotations"]["volume.kubernetes.io/selected-node"] = dead
    handle = "kubernetes.io/csi/disk.csi.azure.com^" + src["csi"]["volumeHandle"]
    c.hint(c.get("nodes", None, dead), extra_vols=[handle])
    event(c, pB, "FailedAttachVolume", 'Multi-Attach error for volume "%s" Volume is already exclusively attached to one node '
          'and can\'t be attached to another' % pv["metadata"]["name"], "Warning", 1, force - 3, comp="attachdetach-controller")
    kev(c, pB, "FailedMount", "Unable to attach or mount volumes: unmounted volumes=[postgres-data], unattached volumes=[postgres-data], "
        "failed to process volumes=[]: timed out waiting for the condition", "Warning", 2, force - 125, force - 245)
    old_uid = c.uid()
    event(c, pB, "TaintManagerEviction", "Marking for deletion Pod %s/%s-instance1-x7kd-0" % (ns, cl), "Normal", 1, down - 305,
          comp="taint-eviction-controller", uid=old_uid)
    event(c, pB, "NodeNotReady", "Node is not ready", "Warning", 1, down - 8, comp="node-controller", uid=old_uid)
    # repo host
    rlab = {"postgres-operator.crunchydata.com/cluster": cl, "postgres-operator.crunchydata.com/data": "pgbackrest",
            "postgres-operator.crunchydata.com/pgbackrest": "", "postgres-operator.crunchydata.com/pgbackrest-dedicated": ""}
    rtp = tmpl(rlab, [ctr("pgbackrest", PGO + "crunchy-pgbackrest:ubi8-2.51-1", cmd=["pgbackrest", "server"], req=None,
                          mounts=[MT("pgbackrest-repo1", "/pgbackrest/repo1")])],
               volumes=[VP("pgbackrest-repo1", cl + "-repo1")], nsel={"agentpool": "dbpool"}, psc={"fsGroup": 26})
    rs_ = statefulset(c, ns, cl + "-repo-host", rtp, 1, 279 * D, cl + "-pods", None, rlab, owner=dict(own))
    pvc(c, ns, cl + "-repo1", "512Gi", "managed-csi", 279 * D, labels=rlab, node=DB[2], owner=dict(own))
    sts_pod(c, rs_, 0, DB[2], 30 * D)
    sel = {"postgres-operator.crunchydata.com/cluster": cl}
    hsvc = service(c, ns, cl + "-ha", None, [("postgres", 5432, "postgres")], 279 * D, dict(sel, **{"postgres-operator.crunchydata.com/patroni": cl + "-ha"}), owner=dict(own))
    manual_endpoints(c, hsvc, [pA["status"]["podIP"]], [("postgres", 5432)], 279 * D, dict(sel, **{"postgres-operator.crunchydata.com/patroni": cl + "-ha"}))
    c.get("endpoints", ns, cl + "-ha")["metadata"]["annotations"] = {"leader": pA["metadata"]["name"], "optime": str(c.rng.randint(10 ** 10, 10 ** 11)),
                                                                     "renewTime": c.ts(4).replace("Z", ".%06d+00:00" % c.rng.randint(0, 999999)),
                                                                     "transitions": "7", "ttl": "30"}
    service(c, ns, cl + "-pods", sel, [("postgres", 5432, "postgres")], 279 * D, sel, headless=True, pna=True, owner=dict(own))
    service(c, ns, cl + "-replicas", dict(sel, **{"postgres-operator.crunchydata.com/role": "replica"}),
            [("postgres", 5432, "postgres")], 279 * D, sel, owner=dict(own))
    # ---------------- app
    app = "orders"
    namespace(c, app, 281 * D, {"team": "orders"})
    secret(c, app, "orders-db", ["DATABASE_URL"], 270 * D)
    envs = [ES("DATABASE_URL", "orders-db", "DATABASE_URL")]
    apis = app_deploy(c, app, "orders-api", "acrordersprod.azurecr.io/orders/api:2024.05.14", 3, 200 * D, env=envs,
                      rp=http("/health", 8080), nodes=[DB[0], dead, DB[2]], pod_ago=[19 * D, 19 * D + 40, 19 * D + 80])
    app_deploy(c, app, "orders-web", "acrordersprod.azurecr.io/orders/web:2024.05.14", 2, 200 * D, rp=http("/", 8080),
               nodes=[DB[2], DB[3]], req=("50m", "128Mi"))
    app_deploy(c, app, "orders-events", "acrordersprod.azurecr.io/orders/events:2024.05.14", 2, 200 * D, env=envs, svc=False,
               nodes=[DB[0], DB[3]])
    ev = kill_node(c, dead, down)
    for p, t in ev:
        ref = p["metadata"]["ownerReferences"][0]
        if ref["kind"] == "ReplicaSet":
            rs = c.get("replicasets", p["metadata"]["namespace"], ref["name"])
            rs_pods(c, rs, 1, [n for n in DB if n != dead][::-1][:1], t - 2, None)
    tb = tmpl({"postgres-operator.crunchydata.com/cluster": cl, "postgres-operator.crunchydata.com/pgbackrest": "",
               "postgres-operator.crunchydata.com/pgbackrest-backup": "scheduled"},
              [ctr("pgbackrest", PGO + "crunchy-pgbackrest:ubi8-2.51-1", cmd=["/opt/crunchy/bin/pgbackrest"], req=None,
                   env=[E("COMMAND", "backup"), E("COMMAND_OPTS", "--stanza=db --repo=1 --type=incr")])], restart="Never")
    cj, _ = cronjob(c, ns, cl + "-repo1-incr", tb, "0 */6 * * *", 6 * H, 0, 279 * D, ["ok", "ok", "ok"], [DB[2]], dur=(120, 400))
    cj["metadata"]["ownerReferences"] = [dict(own)]
    sandbox(c, "playground-rs", "crashloop", "mongo-express", "docker.io/library/mongo-express:1.0.2", 5, nodes=[DB[0], DB[2]])
    blip(c, mon["graf"]["pods"][0])
    evicted_leftover(c, c.get("replicasets", app, [r for r in c.store["replicasets"] if r[0] == app and r[1].startswith("orders-web-")][-1][1]), DB[2], 4)
    return {
        "fault": "node-not-ready-volume-multi-attach",
        "symptom": "Our orders Postgres (Crunchy PGO) lost a member about 15 minutes ago. After we deleted the stuck pod, its "
                   "replacement has been in Init/ContainerCreating with a Multi-Attach error and the cluster runs without a replica.",
        "root_cause": {"kind": "Node", "namespace": "", "name": dead},
        "explanation": "Node %s stopped posting status ~14 min before the snapshot: all its conditions are Unknown ('Kubelet "
                       "stopped posting node status.'), it carries node.kubernetes.io/unreachable NoSchedule/NoExecute taints, "
                       "node-controller marked its pods NotReady and the taint-eviction controller marked them for deletion "
                       "(they stay Terminating). Patroni failed over to orders-pg-instance1-m2vq-0 (the -ha endpoints point to it). "
                       "The former primary's pod was force-deleted and re-created on vmss000003, but its Azure disk is still "
                       "attached to the dead VM (listed in that node's status.volumesAttached), so attachdetach-controller reports "
                       "'Multi-Attach error ... Volume is already exclusively attached to one node' and the pod cannot start. The "
                       "PVC/PV and StatefulSet are fine. Fix: recover or remove the failed node (restart/reimage the VMSS "
                       "instance, or delete the Node so the disk is detached)." % dead,
    }

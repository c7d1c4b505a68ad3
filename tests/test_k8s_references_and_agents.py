"""Root causes one or two hops away from the failing pod (hand-written snapshots in kubectl's shape): a reference
under a wrong name while the object is there under the right one, an operator scaled to zero, a volume pinned to a
cordoned node, a Released volume still reserved for a deleted claim, a network plugin that skips tainted nodes,
a DNS config that stops CoreDNS, a pooler configured for Services that are gone, and an ensemble whose headless
Service hides its not-ready members from each other. Each has a negative beside it."""
from __future__ import annotations

import json

from toolkits.kubernetes.rca import analyse
from toolkits.kubernetes.extract import tolerated as _tolerated
from toolkits.kubernetes.snapshot import load_snapshot

NS = "shop"
T0 = "2026-05-01T09:00:00Z"


def meta(name, ns=NS, **kw):
    return {"name": name, **({"namespace": ns} if ns else {}), "uid": f"uid-{ns}-{name}", "creationTimestamp": T0, **kw}


def node(name, ready=True, unschedulable=False, taints=(), message="kubelet is posting ready status", labels=None):
    return {"metadata": meta(name, ns="", labels={"kubernetes.io/hostname": name, **(labels or {})}),
            "spec": {**({"unschedulable": True} if unschedulable else {}), "taints": list(taints)},
            "status": {"conditions": [{"type": "Ready", "status": "True" if ready else "False", "message": message}],
                       "allocatable": {"cpu": "4", "memory": "16Gi"}}}


def pod(name, ns=NS, labels=None, owner=None, node_name="n1", containers=None, state=None, ready=False, phase="Running",
        volumes=(), account="default", pull=(), conditions=None, env=None):
    ctr = {"name": "main", "image": "app:1", "env": [{"name": k, "value": v} for k, v in (env or {}).items()]}
    spec = {"containers": containers or [ctr], "serviceAccountName": account, "volumes": list(volumes),
            **({"nodeName": node_name} if node_name else {}), **({"imagePullSecrets": [{"name": p} for p in pull]} if pull else {})}
    status = {"phase": phase, "conditions": conditions or [{"type": "Ready", "status": "True" if ready else "False"}]}
    if state is not None:
        status["containerStatuses"] = [{"name": "main", "ready": ready, "restartCount": 3, **state}]
    m = meta(name, ns=ns, labels=labels or {})
    if owner:
        m["ownerReferences"] = [owner]
    return {"metadata": m, "spec": spec, "status": status}


def owner(kind, name, api="apps/v1"):
    return {"apiVersion": api, "kind": kind, "name": name, "uid": f"uid-{NS}-{name}", "controller": True}


def deployment(name, ns=NS, replicas=1, ready=1, image="app:1", labels=None):
    return {"metadata": meta(name, ns=ns), "spec": {"replicas": replicas, "selector": {"matchLabels": labels or {"app": name}},
                                                   "template": {"metadata": {"labels": labels or {"app": name}},
                                                                "spec": {"containers": [{"name": "main", "image": image}]}}},
            "status": {"replicas": replicas, "readyReplicas": ready}}


def crash(message, reason="Error"):
    return {"state": {"waiting": {"reason": "CrashLoopBackOff"}},
            "lastState": {"terminated": {"reason": reason, "exitCode": 1, "message": message, "finishedAt": T0}}}


def write(tmp_path, files, nodes=None):
    files = {"namespaces": [{"metadata": meta(n, ns="")} for n in (NS, "kube-system", "db-operators")],
             "nodes": nodes or [node("n1")], **files}
    for plural, items in files.items():
        (tmp_path / f"{plural}.json").write_text(json.dumps({"apiVersion": "v1", "kind": "List", "items": items}))
    return load_snapshot(tmp_path)


def first(a):
    rc = a.root_causes[0]
    return rc.kind, rc.namespace, rc.name


def secret(name, keys, type_="Opaque"):
    return {"metadata": meta(name), "type": type_, "data": {k: "" for k in keys}}


def config_error_pod(secret_name):
    env = [{"name": "DB_PASSWORD", "valueFrom": {"secretKeyRef": {"name": secret_name, "key": "password"}}}]
    return pod("worker-7c9-abcde", labels={"app": "worker"}, owner=owner("ReplicaSet", "worker-7c9"),
               containers=[{"name": "main", "image": "worker:2", "env": env}],
               state={"state": {"waiting": {"reason": "CreateContainerConfigError",
                                            "message": f'secret "{secret_name}" not found'}}})


def workload_files(secret_name, secrets):
    rs = {"metadata": meta("worker-7c9", ownerReferences=[owner("Deployment", "worker")]),
          "spec": {"replicas": 1, "selector": {"matchLabels": {"app": "worker"}},
                   "template": {"metadata": {"labels": {"app": "worker"}}, "spec": {"containers": [{"name": "main"}]}}},
          "status": {"replicas": 1, "readyReplicas": 0}}
    return {"pods": [config_error_pod(secret_name)], "replicasets": [rs], "deployments": [deployment("worker", ready=0)],
            "secrets": secrets, "configmaps": []}


def test_a_template_that_names_a_secret_wrongly_is_the_cause_when_the_meant_secret_is_there(tmp_path):
    snap = write(tmp_path, workload_files("orders-db-creds", [secret("orders-db", ["password", "username"])]))
    a = analyse(snap, "worker pods stuck in CreateContainerConfigError after the release")
    assert first(a) == ("Deployment", NS, "worker")
    assert "orders-db" in a.root_causes[0].reason and "reference orders-db instead of orders-db-creds" in a.fix


def test_a_missing_secret_with_no_near_twin_is_the_secret(tmp_path):
    snap = write(tmp_path, workload_files("orders-db-creds", [secret("orders-db", ["username"]),  # no "password" key
                                                              secret("billing-db", ["password"])]))
    assert first(analyse(snap, "worker pods stuck")) == ("Secret", NS, "orders-db-creds")


def test_a_service_account_whose_pull_secret_was_renamed(tmp_path):
    p = pod("pg-0", labels={"app": "pg"}, owner=owner("StatefulSet", "pg"), account="db", pull=["registry-robot"],
            state={"state": {"waiting": {"reason": "ImagePullBackOff", "message": 'Back-off pulling image "harbor/pg:15"'}}})
    snap = write(tmp_path, {
        "pods": [p], "statefulsets": [{"metadata": meta("pg"), "spec": {"replicas": 1, "selector": {"matchLabels": {"app": "pg"}},
                                                                       "template": {"metadata": {"labels": {"app": "pg"}},
                                                                                    "spec": {"serviceAccountName": "db"}}},
                                       "status": {"replicas": 1, "readyReplicas": 0}}],
        "serviceaccounts": [{"metadata": meta("db"), "imagePullSecrets": [{"name": "registry-robot"}]},
                            {"metadata": meta("app"), "imagePullSecrets": [{"name": "registry-robot-shop"}]}],
        "secrets": [secret("registry-robot-shop", [".dockerconfigjson"], "kubernetes.io/dockerconfigjson")],
        "events": [{"metadata": meta("e1"), "type": "Warning", "reason": "FailedToRetrieveImagePullSecret",
                    "message": "Unable to retrieve some image pull secrets (registry-robot)", "lastTimestamp": T0,
                    "involvedObject": {"kind": "Pod", "namespace": NS, "name": "pg-0"}}]})
    a = analyse(snap, "postgres won't start, ImagePullBackOff")
    assert first(a) == ("ServiceAccount", NS, "db")
    assert "registry-robot-shop" in a.fix


def operator_cluster(tmp_path, operator_replicas):
    cr = {"apiVersion": "postgresql.cnpg.io/v1", "kind": "Cluster", "name": "orders-pg", "uid": "uid-cr", "controller": True}
    svc = {"metadata": meta("orders-pg-rw", ownerReferences=[cr]),
           "spec": {"selector": {"cnpg.io/cluster": "orders-pg", "cnpg.io/instanceRole": "primary"},
                    "ports": [{"port": 5432, "targetPort": 5432}]}}
    replica = pod("orders-pg-2", labels={"cnpg.io/cluster": "orders-pg", "cnpg.io/instanceRole": "replica"}, owner=cr,
                  state={"state": {"running": {}}}, ready=True)
    api = pod("orders-api-5f-x1", labels={"app": "orders-api"}, env={"DB_HOST": "orders-pg-rw"},
              state=crash("dial tcp 10.96.1.4:5432: connect: connection refused"))
    operator = deployment("cnpg-controller-manager", ns="db-operators", replicas=operator_replicas,
                          ready=operator_replicas, image="ghcr.io/cloudnative-pg/cloudnative-pg:1.23")
    return write(tmp_path, {"services": [svc], "pods": [replica, api],
                            "deployments": [operator, deployment("orders-api", ready=0)]})


def test_an_operator_scaled_to_zero_leaves_its_database_without_a_primary(tmp_path):
    a = analyse(operator_cluster(tmp_path, 0), "orders-api ECONNREFUSED to postgres")
    assert first(a) == ("Deployment", "db-operators", "cnpg-controller-manager")
    assert "Service-[MANAGED_BY]->Deployment" in a.metapath and "kubectl scale deployment cnpg-controller-manager" in a.fix


def test_a_running_operator_is_not_blamed_for_an_empty_service(tmp_path):
    a = analyse(operator_cluster(tmp_path, 1), "orders-api ECONNREFUSED to postgres")
    assert all(rc.name != "cnpg-controller-manager" for rc in a.root_causes)


def pinned_volume(tmp_path, cordoned):
    pv = {"metadata": meta("pvc-1", ns=""), "spec": {
        "claimRef": {"namespace": NS, "name": "data-tsdb-0", "uid": f"uid-{NS}-data-tsdb-0"}, "storageClassName": "local-path",
        "nodeAffinity": {"required": {"nodeSelectorTerms": [{"matchExpressions": [
            {"key": "kubernetes.io/hostname", "operator": "In", "values": ["n2"]}]}]}}}, "status": {"phase": "Bound"}}
    pvc = {"metadata": meta("data-tsdb-0"), "spec": {"volumeName": "pvc-1", "storageClassName": "local-path"},
           "status": {"phase": "Bound"}}
    msg = "0/2 nodes are available: 1 node(s) were unschedulable, 1 node(s) had volume node affinity conflict."
    p = pod("tsdb-0", labels={"app": "tsdb"}, owner=owner("StatefulSet", "tsdb"), node_name=None, phase="Pending",
            volumes=[{"name": "data", "persistentVolumeClaim": {"claimName": "data-tsdb-0"}}],
            conditions=[{"type": "PodScheduled", "status": "False", "reason": "Unschedulable", "message": msg}])
    nodes = [node("n1"), node("n2", unschedulable=cordoned,
                              taints=[{"key": "node.kubernetes.io/unschedulable", "effect": "NoSchedule"}] if cordoned else [])]
    return write(tmp_path, {"pods": [p], "persistentvolumes": [pv], "persistentvolumeclaims": [pvc],
                            "storageclasses": [{"metadata": meta("local-path", ns=""), "provisioner": "rancher.io/local-path"}]},
                 nodes=nodes)


def test_a_local_volume_pinned_to_a_cordoned_node(tmp_path):
    a = analyse(pinned_volume(tmp_path, cordoned=True), "tsdb-0 pending since the maintenance")
    assert first(a) == ("Node", "", "n2")
    assert a.fix.startswith("kubectl uncordon n2") and "PersistentVolume-[PINNED_TO]->Node" in a.metapath


def test_a_schedulable_node_is_not_blamed_for_a_pinned_volume(tmp_path):
    a = analyse(pinned_volume(tmp_path, cordoned=False), "tsdb-0 pending")
    assert all(rc.kind != "Node" for rc in a.root_causes)


def test_a_released_volume_still_reserved_for_the_deleted_claim(tmp_path):
    pv = {"metadata": meta("nfs-data", ns=""), "spec": {"storageClassName": "", "persistentVolumeReclaimPolicy": "Retain",
                                                      "claimRef": {"namespace": NS, "name": "data-db-0", "uid": "old-uid"}},
          "status": {"phase": "Released"}}
    pvc = {"metadata": meta("data-db-0"), "spec": {"storageClassName": ""}, "status": {"phase": "Pending"}}
    msg = "0/1 nodes are available: pod has unbound immediate PersistentVolumeClaims."
    p = pod("db-0", owner=owner("StatefulSet", "db"), node_name=None, phase="Pending",
            volumes=[{"name": "data", "persistentVolumeClaim": {"claimName": "data-db-0"}}],
            conditions=[{"type": "PodScheduled", "status": "False", "reason": "Unschedulable", "message": msg}])
    ev = {"metadata": meta("e1"), "type": "Warning", "reason": "FailedBinding", "lastTimestamp": T0,
          "message": "no persistent volumes available for this claim and no storage class is set",
          "involvedObject": {"kind": "PersistentVolumeClaim", "namespace": NS, "name": "data-db-0"}}
    a = analyse(write(tmp_path, {"pods": [p], "persistentvolumes": [pv], "persistentvolumeclaims": [pvc], "events": [ev]}),
                "db-0 pending after the reinstall")
    assert first(a) == ("PersistentVolume", "", "nfs-data")
    assert "/spec/claimRef/uid" in a.fix


def cni_cluster(tmp_path, tolerations):
    no_net = ("container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:Network "
              "plugin returns error: cni plugin not initialized")
    taint = {"key": "dedicated", "value": "database", "effect": "NoSchedule"}
    nodes = [node("n1"), node("db-1", ready=False, message=no_net, taints=[taint])]
    ds = {"metadata": meta("calico-node", ns="kube-system"),
          "spec": {"selector": {"matchLabels": {"k8s-app": "calico-node"}}, "template": {
              "metadata": {"labels": {"k8s-app": "calico-node"}},
              "spec": {"tolerations": tolerations, "containers": [{"name": "calico-node", "image": "calico/node:v3.27"}],
                       "volumes": [{"name": "cni", "hostPath": {"path": "/etc/cni/net.d"}}]}}},
          "status": {"desiredNumberScheduled": 1, "numberReady": 1}}
    agent = pod("calico-node-abc", ns="kube-system", labels={"k8s-app": "calico-node"},
                owner={**owner("DaemonSet", "calico-node"), "uid": "uid-kube-system-calico-node"},
                state={"state": {"running": {}}}, ready=True)
    return write(tmp_path, {"daemonsets": [ds], "pods": [agent]}, nodes=nodes)


def test_a_network_plugin_that_does_not_tolerate_the_new_nodes(tmp_path):
    a = analyse(cni_cluster(tmp_path, [{"key": "CriticalAddonsOnly", "operator": "Exists"},
                                       {"operator": "Exists", "effect": "NoExecute"}]), "new database nodes never became ready")
    assert first(a) == ("DaemonSet", "kube-system", "calico-node")
    assert "dedicated=database:NoSchedule" in a.root_causes[0].reason


def test_a_node_not_ready_while_its_network_plugin_runs_there_is_the_node(tmp_path):
    a = analyse(cni_cluster(tmp_path, [{"operator": "Exists"}]), "new database nodes never became ready")
    assert first(a) == ("Node", "", "db-1")


def test_a_toleration_for_one_effect_does_not_tolerate_another():
    taint = {"key": "dedicated", "value": "database", "effect": "NoSchedule"}
    assert not _tolerated(taint, [{"operator": "Exists", "effect": "NoExecute"}])
    assert _tolerated(taint, [{"operator": "Exists"}])
    assert _tolerated(taint, [{"key": "dedicated", "operator": "Equal", "value": "database", "effect": "NoSchedule"}])


def dns_cluster(tmp_path, fatal):
    corefile = ".:53 {\n    errors\n    kubernetes cluster.local\n    forward . 10.96.0.10\n    cache 30\n    loop\n    reload\n}\n"
    dns = pod("coredns-5d-x1", ns="kube-system", labels={"k8s-app": "kube-dns"},
              owner={**owner("ReplicaSet", "coredns-5d"), "uid": "uid-kube-system-coredns-5d"},
              volumes=[{"name": "config", "configMap": {"name": "coredns"}}],
              state=crash(fatal) if fatal else {"state": {"running": {}}}, ready=not fatal)
    app = pod("checkout-7f-x1", labels={"app": "checkout"}, env={"DB_HOST": "shop-db.data"},
              state=crash('psql: error: could not translate host name "shop-db.data" to address: Temporary failure'))
    return write(tmp_path, {
        "pods": [dns, app], "configmaps": [{"metadata": meta("coredns", ns="kube-system"), "data": {"Corefile": corefile}}],
        "services": [{"metadata": meta("kube-dns", ns="kube-system"),
                      "spec": {"selector": {"k8s-app": "kube-dns"}, "ports": [{"port": 53, "targetPort": 53}]}}]})


def test_a_corefile_that_stops_coredns_breaks_every_client_lookup(tmp_path):
    a = analyse(dns_cluster(tmp_path, '.:53\n[FATAL] plugin/loop: Loop (127.0.0.1:4 -> :53) detected for zone "."'),
                "checkout cannot resolve the database host")
    assert first(a) == ("ConfigMap", "kube-system", "coredns")
    assert "loop" in a.root_causes[0].reason


def test_a_healthy_coredns_config_is_not_blamed_for_a_name_that_does_not_resolve(tmp_path):
    a = analyse(dns_cluster(tmp_path, ""), "checkout cannot resolve the database host")
    assert all(rc.kind != "ConfigMap" for rc in a.root_causes)


def pooler(tmp_path, backend):
    ini = f"[databases]\ncrm = host={backend}.{NS}.svc.cluster.local port=5432 dbname=crm\n[pgbouncer]\nlisten_port = 6432\n"
    bouncer = pod("pgbouncer-6d-x1", labels={"app": "pgbouncer"}, state={"state": {"running": {}}}, ready=True,
                  volumes=[{"name": "ini", "configMap": {"name": "pgbouncer-config"}}])
    web = pod("crm-web-5c-x1", labels={"app": "crm-web"}, env={"DATABASE_URL": f"postgresql://app@pgbouncer.{NS}.svc:6432/crm"},
              state=crash("FATAL: pgbouncer cannot connect to server"))
    svc = lambda name, sel: {"metadata": meta(name), "spec": {"selector": sel, "ports": [{"port": 5432}]}}  # noqa: E731
    return write(tmp_path, {"pods": [bouncer, web], "configmaps": [{"metadata": meta("pgbouncer-config"), "data": {"pgbouncer.ini": ini}}],
                            "services": [svc("pgbouncer", {"app": "pgbouncer"}), svc("crm-pg-rw", {"app": "crm-pg"})]})


def test_a_pooler_configured_for_a_service_that_is_gone(tmp_path):
    a = analyse(pooler(tmp_path, "crm-db-primary"), "crm-web: pgbouncer cannot connect to server")
    assert first(a) == ("ConfigMap", NS, "pgbouncer-config")
    assert "crm-db-primary" in a.root_causes[0].reason


def test_a_pooler_configured_for_an_existing_service_is_not_blamed(tmp_path):
    a = analyse(pooler(tmp_path, "crm-pg-rw"), "crm-web: pgbouncer cannot connect to server")
    assert all(rc.kind != "ConfigMap" for rc in a.root_causes)


def ensemble(tmp_path, publish):
    members = [pod(f"zk-{i}", labels={"app": "zk"}, owner=owner("StatefulSet", "zk"),
                   env={"ZOO_SERVERS": " ".join(f"zk-{j}.zk-headless.{NS}.svc.cluster.local:2888:3888" for j in range(3))},
                   state={"state": {"running": {}}}, ready=False,
                   conditions=[{"type": "Ready", "status": "False", "reason": "ContainersNotReady"}]) for i in range(3)]
    svc = {"metadata": meta("zk-headless"), "spec": {"clusterIP": "None", "selector": {"app": "zk"},
                                                     "publishNotReadyAddresses": publish, "ports": [{"port": 2888}]}}
    return write(tmp_path, {"pods": members, "services": [svc]})


def test_ensemble_members_that_cannot_find_each_other_through_their_headless_service(tmp_path):
    a = analyse(ensemble(tmp_path, False), "zookeeper pods are 0/1 since the maintenance")
    assert first(a) == ("Service", NS, "zk-headless")
    assert "publishNotReadyAddresses" in a.fix


def test_a_headless_service_that_publishes_not_ready_members_is_not_blamed(tmp_path):
    a = analyse(ensemble(tmp_path, True), "zookeeper pods are 0/1 since the maintenance")
    assert all(rc.name != "zk-headless" for rc in a.root_causes)


def sandbox_decoy(days_ago=5):
    """A playground app that has failed to pull its image for days: loud, strong, and not what anyone asks about."""
    since = f"2026-04-{26 - days_ago:02d}T09:00:00Z"
    return pod("toy-api-6c-x1", ns="sandbox", labels={"app": "toy-api"}, owner=owner("ReplicaSet", "toy-api-6c"),
               state={"state": {"waiting": {"reason": "ImagePullBackOff",
                                            "message": 'Back-off pulling image "toy-api:pr-1": not found'}}},
               conditions=[{"type": "Ready", "status": "False", "lastTransitionTime": since}])


def test_the_symptom_the_user_names_outranks_a_louder_failure_elsewhere(tmp_path):
    schedule = {"metadata": meta("pg-backup"), "spec": {"schedule": "30 1 * * *", "suspend": True,
                                                         "jobTemplate": {"spec": {"template": {"spec": {}}}}},
                "status": {"lastScheduleTime": "2026-04-27T01:30:00Z"}}
    rs = {"metadata": meta("toy-api-6c", ns="sandbox", ownerReferences=[
        {**owner("Deployment", "toy-api"), "uid": "uid-sandbox-toy-api"}]), "spec": {"replicas": 1}, "status": {"replicas": 1}}
    snap = write(tmp_path, {"namespaces": [{"metadata": meta(n, ns="")} for n in (NS, "sandbox")],
                            "pods": [sandbox_decoy()], "cronjobs": [schedule], "replicasets": [rs],
                            "deployments": [deployment("toy-api", ns="sandbox", ready=0, image="toy-api:pr-1")]})
    assert first(analyse(snap, "")) == ("Deployment", "sandbox", "toy-api")  # asked about nothing: the loud one
    assert first(analyse(snap, "no fresh postgres backups for a few days")) == ("CronJob", NS, "pg-backup")


def test_a_backup_cronjob_whose_runs_hit_its_deadline(tmp_path):
    def run(day, failed):
        cond = {"type": "Failed", "status": "True", "reason": "DeadlineExceeded", "lastTransitionTime": f"2026-05-0{day}T02:00:00Z",
                "message": "Job was active longer than specified deadline"} if failed else {"type": "Complete", "status": "True"}
        return {"metadata": meta(f"mysql-backup-{day}", creationTimestamp=f"2026-05-0{day}T01:00:00Z",
                                 ownerReferences=[owner("CronJob", "mysql-backup", "batch/v1")]),
                "spec": {"template": {"spec": {"containers": [{"name": "dump", "image": "mysql:8"}]}}},
                "status": {"conditions": [cond]}}
    schedule = {"metadata": meta("mysql-backup"), "spec": {"schedule": "0 1 * * *", "jobTemplate": {
        "spec": {"activeDeadlineSeconds": 3600, "template": {"spec": {}}}}},
        "status": {"lastScheduleTime": "2026-05-04T01:00:00Z", "lastSuccessfulTime": "2026-05-01T01:55:00Z"}}
    snap = write(tmp_path, {"cronjobs": [schedule], "jobs": [run(1, False), run(2, True), run(3, True), run(4, True)],
                            "pods": [sandbox_decoy()]})
    a = analyse(snap, "mysql backups failed three nights in a row")
    assert first(a) == ("CronJob", NS, "mysql-backup")
    assert "activeDeadlineSeconds 3600" in a.root_causes[0].reason and "activeDeadlineSeconds" in a.fix


def psa(tmp_path, labelled):
    ns_labels = {"pod-security.kubernetes.io/enforce": "restricted"} if labelled else {}
    sts = {"metadata": meta("search-es"), "spec": {"replicas": 3, "selector": {"matchLabels": {"app": "es"}},
                                                   "template": {"metadata": {"labels": {"app": "es"}}, "spec": {}}},
           "status": {"replicas": 2, "readyReplicas": 2}}
    ev = {"metadata": meta("e1"), "type": "Warning", "reason": "FailedCreate", "lastTimestamp": T0,
          "message": 'create Pod search-es-1 in StatefulSet search-es failed error: pods "search-es-1" is forbidden: '
                     'violates PodSecurity "restricted:latest": privileged (container "sysctl" must not set privileged=true)',
          "involvedObject": {"kind": "StatefulSet", "namespace": NS, "name": "search-es"}}
    return write(tmp_path, {"namespaces": [{"metadata": meta(NS, ns="", labels=ns_labels)}], "statefulsets": [sts],
                            "events": [ev]})


def test_a_namespace_whose_pod_security_level_refuses_a_recreated_pod(tmp_path):
    a = analyse(psa(tmp_path, True), "elasticsearch is yellow, one data node never came back")
    assert first(a) == ("Namespace", "", NS)
    assert "restricted" in a.root_causes[0].reason


def test_pod_security_from_cluster_defaults_does_not_blame_the_namespace(tmp_path):
    a = analyse(psa(tmp_path, False), "elasticsearch is yellow")
    assert all(rc.kind != "Namespace" for rc in a.root_causes)


def external(tmp_path, dns_ready):
    api = pod("reports-api-5c-x1", labels={"app": "reports-api"}, env={"DB_HOST": f"reports-db.{NS}.svc.cluster.local"},
              state=crash(f"Error: getaddrinfo ENOTFOUND reports-db.{NS}.svc.cluster.local"))
    dns = pod("coredns-1", ns="kube-system", labels={"k8s-app": "kube-dns"}, state={"state": {"running": {}}}, ready=dns_ready)
    return write(tmp_path, {"pods": [api, dns], "services": [
        {"metadata": meta("reports-db"), "spec": {"type": "ExternalName", "externalName": "reports.example.rds.amazonaws.co"}},
        {"metadata": meta("kube-dns", ns="kube-system"), "spec": {"selector": {"k8s-app": "kube-dns"}, "ports": [{"port": 53}]}}]})


def test_an_external_name_whose_own_name_fails_while_the_cluster_dns_answers(tmp_path):
    assert first(analyse(external(tmp_path, True), "reports api lost its database")) == ("Service", NS, "reports-db")


def test_an_external_name_is_not_blamed_when_the_cluster_dns_is_down(tmp_path):
    a = analyse(external(tmp_path, False), "reports api lost its database")
    assert all(rc.name != "reports-db" for rc in a.root_causes)


def test_a_corefile_that_does_not_parse_explains_the_clients_lookups(tmp_path):
    dns_cluster(tmp_path, "/etc/coredns/Corefile:7 - Error during parsing: Unknown directive 'forward'")  # edited below
    cm = json.loads((tmp_path / "configmaps.json").read_text())
    cm["items"][0]["data"]["Corefile"] = cm["items"][0]["data"]["Corefile"].replace("    loop\n", "    foward . 1.1.1.1\n")
    (tmp_path / "configmaps.json").write_text(json.dumps(cm))
    pods = json.loads((tmp_path / "pods.json").read_text())
    for p in pods["items"]:
        if p["metadata"]["name"].startswith("coredns"):
            p["status"]["containerStatuses"][0]["lastState"]["terminated"]["message"] = \
                "/etc/coredns/Corefile:7 - Error during parsing: Unknown directive 'foward'"
    pods["items"].append(sandbox_decoy(days_ago=0))
    (tmp_path / "pods.json").write_text(json.dumps(pods))
    a = analyse(load_snapshot(tmp_path), "apps everywhere fail with name resolution errors")
    assert first(a) == ("ConfigMap", "kube-system", "coredns")


def test_a_go_resolver_timeout_is_a_dns_failure_and_an_egress_policy_without_dns_blocks_it(tmp_path):
    worker = pod("invoice-worker-1", labels={"app": "invoice-worker"}, env={"DB": "billing-pg.db.svc.cluster.local"},
                 state=crash("dial tcp: lookup billing-pg.db.svc.cluster.local on 10.43.0.10:53: read udp: i/o timeout"))
    dns = pod("coredns-1", ns="kube-system", labels={"k8s-app": "kube-dns"}, state={"state": {"running": {}}}, ready=True,
              containers=[{"name": "main", "image": "coredns", "ports": [{"containerPort": 53}]}])
    policy = {"metadata": meta("restrict-egress"), "spec": {"podSelector": {}, "policyTypes": ["Egress"], "egress": [
        {"to": [{"namespaceSelector": {"matchLabels": {"kubernetes.io/metadata.name": "db"}}}], "ports": [{"port": 5432}]}]}}
    snap = write(tmp_path, {"pods": [worker, dns], "networkpolicies": [policy], "services": [
        {"metadata": meta("kube-dns", ns="kube-system"), "spec": {"selector": {"k8s-app": "kube-dns"},
                                                                  "ports": [{"port": 53, "targetPort": 53}]}}]})
    assert first(analyse(snap, "invoice worker keeps crashing")) == ("NetworkPolicy", NS, "restrict-egress")


def test_of_two_allow_lists_the_one_naming_a_namespace_that_is_gone_is_fixed(tmp_path):
    api = pod("orders-api-1", labels={"app": "orders-api"}, env={"DB": "orders-pg.db.svc.cluster.local"},
              state=crash("dial tcp 10.96.3.3:5432: i/o timeout"))
    db = pod("orders-pg-1", ns="db", labels={"app": "orders-pg"}, state={"state": {"running": {}}}, ready=True,
             containers=[{"name": "main", "image": "postgres", "ports": [{"containerPort": 5432}]}])
    allow = lambda name, ns_name: {"metadata": meta(name, ns="db"), "spec": {  # noqa: E731
        "podSelector": {"matchLabels": {"app": "orders-pg"}}, "policyTypes": ["Ingress"], "ingress": [
            {"from": [{"namespaceSelector": {"matchLabels": {"kubernetes.io/metadata.name": ns_name}}}],
             "ports": [{"port": 5432}]}]}}
    snap = write(tmp_path, {"namespaces": [{"metadata": meta(n, ns="")} for n in (NS, "db", "db-operators")],
                            "pods": [api, db], "networkpolicies": [allow("allow-operator", "db-operators"),
                                                                    allow("allow-apps", "orders-old")],
                            "services": [{"metadata": meta("orders-pg", ns="db"), "spec": {
                                "selector": {"app": "orders-pg"}, "ports": [{"port": 5432, "targetPort": 5432}]}}]})
    assert first(analyse(snap, "orders api times out to its database")) == ("NetworkPolicy", "db", "allow-apps")


def test_a_service_account_with_no_pull_secret_at_all(tmp_path):
    p = pod("ch-2", labels={"app": "ch"}, owner=owner("StatefulSet", "ch"), account="ch",
            state={"state": {"waiting": {"reason": "ErrImagePull", "message": 'failed to pull "acme.azurecr.io/ch:24": '
                                                                              "401 Unauthorized"}}})
    snap = write(tmp_path, {"pods": [p], "serviceaccounts": [{"metadata": meta("ch")},
                                                             {"metadata": meta("default"), "imagePullSecrets": [{"name": "acr-pull"}]}],
                            "secrets": [secret("acr-pull", [".dockerconfigjson"], "kubernetes.io/dockerconfigjson")]})
    a = analyse(snap, "the ch rollout is stuck: 401 from our registry")
    assert first(a) == ("ServiceAccount", NS, "ch") and "acr-pull" in a.fix
    accounts = json.loads((tmp_path / "serviceaccounts.json").read_text())
    accounts["items"][1].pop("imagePullSecrets")  # pods get the credential from their templates here, not accounts
    (tmp_path / "serviceaccounts.json").write_text(json.dumps(accounts))
    a = analyse(load_snapshot(tmp_path), "the ch rollout is stuck: 401 from our registry")
    assert all(rc.kind != "ServiceAccount" for rc in a.root_causes)


def test_an_operator_that_crashes_for_want_of_its_token_is_traced_to_its_account(tmp_path):
    operator_cluster(tmp_path, 1)  # files edited below: the operator is up but not ready
    deps = json.loads((tmp_path / "deployments.json").read_text())
    for d in deps["items"]:
        if d["metadata"]["name"] == "cnpg-controller-manager":
            d["status"]["readyReplicas"] = 0
    (tmp_path / "deployments.json").write_text(json.dumps(deps))
    op = pod("cnpg-controller-manager-7b-x1", ns="db-operators", account="cnpg-manager",
             owner={**owner("ReplicaSet", "cnpg-controller-manager-7b"), "uid": "uid-db-operators-cnpg-controller-manager-7b"},
             state=crash("unable to get kubeconfig: open /var/run/secrets/kubernetes.io/serviceaccount/token: no such file"))
    rs = {"metadata": meta("cnpg-controller-manager-7b", ns="db-operators", ownerReferences=[
        {**owner("Deployment", "cnpg-controller-manager"), "uid": "uid-db-operators-cnpg-controller-manager"}]),
        "spec": {"replicas": 1, "template": {"spec": {"serviceAccountName": "cnpg-manager"}}}, "status": {"replicas": 1}}
    pods = json.loads((tmp_path / "pods.json").read_text())
    pods["items"].append(op)
    (tmp_path / "pods.json").write_text(json.dumps(pods))
    (tmp_path / "replicasets.json").write_text(json.dumps({"kind": "List", "items": [rs]}))
    (tmp_path / "serviceaccounts.json").write_text(json.dumps({"kind": "List", "items": [
        {"metadata": meta("cnpg-manager", ns="db-operators"), "automountServiceAccountToken": False},
        {"metadata": meta("default")}]}))
    a = analyse(load_snapshot(tmp_path), "orders-api ECONNREFUSED to postgres")
    assert first(a) == ("ServiceAccount", "db-operators", "cnpg-manager")


def test_a_claim_waiting_for_its_first_consumer_is_not_a_provisioner_fault(tmp_path):
    cni_cluster(tmp_path, [{"operator": "Exists", "effect": "NoExecute"}])
    msg = "0/2 nodes are available: 1 node(s) had untolerated taint {node.kubernetes.io/not-ready: }."
    db = pod("analytics-pg-1", labels={"app": "analytics-pg"}, node_name=None, phase="Pending",
             volumes=[{"name": "data", "persistentVolumeClaim": {"claimName": "analytics-pg-1"}}],
             conditions=[{"type": "PodScheduled", "status": "False", "reason": "Unschedulable", "message": msg}])
    extra = {"pods": [db], "persistentvolumeclaims": [{"metadata": meta("analytics-pg-1"), "spec": {
        "storageClassName": "local"}, "status": {"phase": "Pending"}}],
        "storageclasses": [{"metadata": meta("local", ns=""), "provisioner": "openebs.io/local",
                            "volumeBindingMode": "WaitForFirstConsumer"}],
        "events": [{"metadata": meta("e1"), "type": "Normal", "reason": "WaitForFirstConsumer", "lastTimestamp": T0,
                    "message": "waiting for first consumer to be created before binding",
                    "involvedObject": {"kind": "PersistentVolumeClaim", "namespace": NS, "name": "analytics-pg-1"}}]}
    for plural, items in extra.items():
        f = tmp_path / f"{plural}.json"
        old = json.loads(f.read_text())["items"] if f.exists() else []
        f.write_text(json.dumps({"kind": "List", "items": old + items}))
    a = analyse(load_snapshot(tmp_path), "the new analytics postgres never started, everything for it is pending")
    assert all(rc.kind != "StorageClass" for rc in a.root_causes)


def test_a_file_of_a_mounted_secret_that_the_app_cannot_read_is_a_missing_key(tmp_path):
    p = pod("payments-api-5v-x1", labels={"app": "payments-api"},
            containers=[{"name": "main", "image": "payments:9",
                         "volumeMounts": [{"name": "db", "mountPath": "/var/run/secrets/payments/db", "readOnly": True}]}],
            volumes=[{"name": "db", "secret": {"secretName": "payments-api-db"}}],
            state=crash("fatal: cannot read /var/run/secrets/payments/db/password: no such file or directory"))
    snap = write(tmp_path, {"pods": [p], "secrets": [secret("payments-api-db", ["pg-password", "username"])]})
    a = analyse(snap, "payments-api rollout stuck since the credential rotation")
    assert first(a) == ("Secret", NS, "payments-api-db") and "password" in a.root_causes[0].reason


def test_a_service_account_without_automount_breaks_a_patroni_member(tmp_path):
    p = pod("acid-billing-0", labels={"app": "acid-billing"}, owner=owner("StatefulSet", "acid-billing"), account="postgres-pod",
            state=crash("patroni: Service token file does not exists"))
    snap = write(tmp_path, {"pods": [p], "serviceaccounts": [
        {"metadata": meta("postgres-pod"), "automountServiceAccountToken": False}, {"metadata": meta("default")}]})
    assert first(analyse(snap, "billing database won't come back")) == ("ServiceAccount", NS, "postgres-pod")


def test_a_role_service_left_empty_by_a_missing_member_is_not_its_selector(tmp_path):
    tmpl = {"app": "tsdb", "release": "tsdb"}
    sts = {"metadata": meta("tsdb"), "spec": {"replicas": 2, "selector": {"matchLabels": tmpl},
                                              "template": {"metadata": {"labels": tmpl}, "spec": {}}},
           "status": {"replicas": 2, "readyReplicas": 1}}
    leader = pod("tsdb-0", labels={**tmpl, "role": "master"}, owner=owner("StatefulSet", "tsdb"),
                 state={"state": {"running": {}}}, ready=True)
    svc = {"metadata": meta("tsdb-replica"), "spec": {"selector": {**tmpl, "role": "replica"}, "ports": [{"port": 5432}]}}
    a = analyse(write(tmp_path, {"statefulsets": [sts], "pods": [leader], "services": [svc]}), "timescale replica is down")
    assert all(rc.name != "tsdb-replica" for rc in a.root_causes)


def test_a_late_binding_class_whose_provisioner_never_answers_once_the_pod_is_placed(tmp_path):
    """WaitForFirstConsumer only delays provisioning: once the scheduler picked a node the claim asks the external
    provisioner, and a class copied from another cloud names a driver this cluster does not run."""
    wait = ("Waiting for a volume to be created either by the external provisioner 'ebs.csi.aws.com' or manually by "
            "the system administrator. If volume creation is delayed, please verify that the provisioner is running.")
    db = pod("sessions-redis-0", labels={"app": "sessions-redis"}, node_name=None, phase="Pending",
             volumes=[{"name": "data", "persistentVolumeClaim": {"claimName": "data-sessions-redis-0"}}],
             conditions=[{"type": "PodScheduled", "status": "False", "reason": "SchedulerError",
                          "message": 'running PreBind plugin "VolumeBinding": binding volumes: context deadline exceeded'}])
    event = {"metadata": meta("e1"), "type": "Normal", "reason": "ExternalProvisioning", "lastTimestamp": T0,
             "count": 160, "message": wait,
             "involvedObject": {"kind": "PersistentVolumeClaim", "namespace": NS, "name": "data-sessions-redis-0"}}
    classes = [{"metadata": meta("fast-ssd", ns=""), "provisioner": "ebs.csi.aws.com", "volumeBindingMode": "WaitForFirstConsumer"},
               {"metadata": meta("standard-rwo", ns=""), "provisioner": "pd.csi.storage.gke.io",
                "volumeBindingMode": "WaitForFirstConsumer"}]
    snap = write(tmp_path, {"pods": [db], "events": [event], "storageclasses": classes, "persistentvolumeclaims": [
        {"metadata": meta("data-sessions-redis-0"), "spec": {"storageClassName": "fast-ssd"}, "status": {"phase": "Pending"}}]})
    assert first(analyse(snap, "the sessions redis pods stay Pending")) == ("StorageClass", "", "fast-ssd")


def attach_cluster(tmp_path, message, controller_annotations):
    """A database pod whose EBS volume does not attach; the EBS CSI controller runs as its own account, beside
    another cloud-facing account that has an IRSA role."""
    irsa = "eks.amazonaws.com/role-arn"
    db = pod("events-pg-3", labels={"app": "events-pg"}, phase="Pending",
             volumes=[{"name": "pgdata", "persistentVolumeClaim": {"claimName": "events-pg-3"}}],
             state={"state": {"waiting": {"reason": "ContainerCreating"}}})
    ctl = {"metadata": meta("ebs-csi-controller", ns="kube-system"), "spec": {"replicas": 2, "template": {"spec": {
        "serviceAccountName": "ebs-csi-controller-sa", "containers": [
            {"name": "ebs-plugin", "image": "aws-ebs-csi-driver:v1.30.0"},
            {"name": "csi-provisioner", "image": "csi-provisioner:v4.0.0"}]}}}, "status": {"replicas": 2, "readyReplicas": 2}}
    accounts = [{"metadata": meta("ebs-csi-controller-sa", ns="kube-system", annotations=controller_annotations)},
                {"metadata": meta("aws-node", ns="kube-system", annotations={irsa: "arn:aws:iam::1:role/cni"})},
                {"metadata": meta("default")}]
    pv = {"metadata": meta("pvc-1234", ns=""), "spec": {"storageClassName": "gp3", "csi": {"driver": "ebs.csi.aws.com",
          "volumeHandle": "vol-0701"}, "claimRef": {"namespace": NS, "name": "events-pg-3", "uid": "uid-shop-events-pg-3"}},
          "status": {"phase": "Bound"}}
    claim = {"metadata": meta("events-pg-3"), "spec": {"storageClassName": "gp3", "volumeName": "pvc-1234"},
             "status": {"phase": "Bound"}}
    event = {"metadata": meta("e1"), "type": "Warning", "reason": "FailedAttachVolume", "lastTimestamp": T0, "count": 41,
             "message": message, "involvedObject": {"kind": "Pod", "namespace": NS, "name": "events-pg-3"}}
    return write(tmp_path, {"pods": [db], "deployments": [ctl], "serviceaccounts": accounts, "persistentvolumes": [pv],
                            "persistentvolumeclaims": [claim], "events": [event], "storageclasses": [
                                {"metadata": meta("gp3", ns=""), "provisioner": "ebs.csi.aws.com"}]})


def test_a_storage_driver_whose_account_lost_its_cloud_identity(tmp_path):
    msg = ('AttachVolume.Attach failed for volume "pvc-1234" : rpc error: code = Internal desc = could not attach volume '
           '"vol-0701": operation error EC2: AttachVolume, get identity: get credentials: failed to refresh cached '
           'credentials, no EC2 IMDS role found')
    a = analyse(attach_cluster(tmp_path, msg, {}), "the third events postgres instance is stuck ContainerCreating")
    assert first(a) == ("ServiceAccount", "kube-system", "ebs-csi-controller-sa")
    assert a.strong and "DRIVEN_AS" in a.metapath


def test_a_volume_that_does_not_attach_for_another_reason_does_not_blame_the_drivers_account(tmp_path):
    msg = ('AttachVolume.Attach failed for volume "pvc-1234" : rpc error: code = Internal desc = could not attach volume '
           '"vol-0701": VolumeInUse: vol-0701 is already attached to an instance')
    a = analyse(attach_cluster(tmp_path, msg, {"eks.amazonaws.com/role-arn": "arn:aws:iam::1:role/ebs"}),
                "the third events postgres instance is stuck ContainerCreating")
    assert all(rc.kind != "ServiceAccount" for rc in a.root_causes)


def dump_cluster(tmp_path, active):
    """A portal that the database refuses for want of connection slots, and a dump schedule whose runs connect to
    the same database; ``active`` of its runs are running now."""
    portal = pod("hr-portal-6f9-abcde", labels={"app": "hr-portal"}, owner=owner("ReplicaSet", "hr-portal-6f9"),
                 env={"DATABASE_HOST": "hr-postgresql"}, state=crash("FATAL:  sorry, too many clients already"))
    db = pod("hr-postgresql-0", labels={"app": "hr-postgresql"}, state={"state": {"running": {}}}, ready=True)
    svc = {"metadata": meta("hr-postgresql"), "spec": {"selector": {"app": "hr-postgresql"}, "ports": [{"port": 5432}]}}
    runs = [f"hr-pg-dump-2954{i:04d}" for i in range(active)]
    cron = {"metadata": meta("hr-pg-dump"), "spec": {"schedule": "*/15 * * * *", "jobTemplate": {"spec": {"template": {
        "spec": {"containers": [{"name": "pg-dump", "image": "postgres:16", "command": [
            "/bin/bash", "-c", "pg_dump -h hr-postgresql -U postgres -Fd -j 8 -f /backup/hr hr"]}]}}}}},
        "status": {"active": [{"kind": "Job", "name": r, "namespace": NS} for r in runs]}}
    return write(tmp_path, {"pods": [portal, db], "services": [svc], "cronjobs": [cron]})


def test_a_schedule_whose_runs_pile_up_takes_the_databases_connections(tmp_path):
    a = analyse(dump_cluster(tmp_path, 6), "hr portal gets 'too many clients already' from postgres")
    assert first(a) == ("CronJob", NS, "hr-pg-dump")
    assert "concurrencyPolicy" in a.fix


def test_a_schedule_with_one_run_is_not_blamed_for_the_connections(tmp_path):
    a = analyse(dump_cluster(tmp_path, 1), "hr portal gets 'too many clients already' from postgres")
    assert all(rc.kind != "CronJob" for rc in a.root_causes)


def claim_cluster(tmp_path, volumes_of_class=(), templated=False):
    """A lone claim for StorageClass "longhorn", which this cluster does not have (it has local-path)."""
    claim = {"metadata": meta("sessions-valkey-data"), "spec": {"storageClassName": "longhorn"},
             "status": {"phase": "Pending"}}
    event = {"metadata": meta("e1"), "type": "Warning", "reason": "ProvisioningFailed", "lastTimestamp": T0, "count": 9,
             "message": 'storageclass.storage.k8s.io "longhorn" not found',
             "involvedObject": {"kind": "PersistentVolumeClaim", "namespace": NS, "name": "sessions-valkey-data"}}
    files = {"persistentvolumeclaims": [claim], "events": [event], "persistentvolumes": list(volumes_of_class),
             "storageclasses": [{"metadata": meta("local-path", ns=""), "provisioner": "rancher.io/local-path"}]}
    if templated:
        claim["metadata"]["name"] = "data-sessions-valkey-0"
        files["statefulsets"] = [{"metadata": meta("sessions-valkey"), "spec": {"replicas": 1, "volumeClaimTemplates": [
            {"metadata": {"name": "data"}, "spec": {"storageClassName": "longhorn"}}], "template": {"spec": {}}},
            "status": {"replicas": 1}}]
    return write(tmp_path, files)


def test_a_lone_claim_for_a_class_this_cluster_never_had_is_the_claim(tmp_path):
    a = analyse(claim_cluster(tmp_path), "the session store never started after the migration")
    assert first(a) == ("PersistentVolumeClaim", NS, "sessions-valkey-data")


def test_a_class_that_made_volumes_before_or_a_statefulset_template_blames_the_class(tmp_path):
    made = {"metadata": meta("pvc-old", ns=""), "spec": {"storageClassName": "longhorn"}, "status": {"phase": "Bound"}}
    for sub, kw in (("deleted", {"volumes_of_class": [made]}), ("templated", {"templated": True})):
        (tmp_path / sub).mkdir()
        a = analyse(claim_cluster(tmp_path / sub, **kw), "the session store never started")
        assert first(a) == ("StorageClass", "", "longhorn"), sub


def ring_cluster(tmp_path, headless):
    """A Cassandra member that cannot resolve its seeds' own names through the governing Service."""
    said = ("Seed provider couldn't lookup host cassandra-0.cassandra-headless.shop.svc.cluster.local\n"
            "java.lang.IllegalStateException: Unable to contact any seeds")
    c2 = pod("cassandra-2", labels={"app": "cassandra"}, owner=owner("StatefulSet", "cassandra"), state=crash(said))
    c0 = pod("cassandra-0", labels={"app": "cassandra"}, owner=owner("StatefulSet", "cassandra"),
             state={"state": {"running": {}}}, ready=True,
             containers=[{"name": "main", "image": "cassandra:4.1", "ports": [{"containerPort": 7000},
                                                                              {"containerPort": 9042}]}])
    svcs = [{"metadata": meta("cassandra-headless"), "spec": {"selector": {"app": "cassandra"},
                                                              "clusterIP": "None" if headless else "10.96.1.9",
                                                              "ports": [{"port": 7000, "targetPort": 7000}]}},
            {"metadata": meta("cassandra"), "spec": {"selector": {"app": "cassandra"}, "clusterIP": "10.96.1.8",
                                                     "ports": [{"port": 8080, "targetPort": 8080}]}}]
    return write(tmp_path, {"pods": [c2, c0], "services": svcs})


def test_a_governing_service_recreated_with_a_cluster_ip_hides_the_members_names(tmp_path):
    a = analyse(ring_cluster(tmp_path, headless=False), "cassandra node 2 keeps crashing after the reboot")
    assert first(a) == ("Service", NS, "cassandra-headless")


def test_a_headless_governing_service_is_not_blamed_and_a_port_mapping_does_not_crash_its_backend(tmp_path):
    a = analyse(ring_cluster(tmp_path, headless=True), "cassandra node 2 keeps crashing after the reboot")
    assert all(rc.kind != "Service" for rc in a.root_causes)


def test_a_worker_pool_scaled_up_just_now_takes_the_databases_connections(tmp_path):
    snap = dump_cluster(tmp_path, 0)
    deps = [{"metadata": meta("ingest-worker"), "spec": {"replicas": 16, "template": {"spec": {"containers": [
        {"name": "main", "image": "ingest:3", "env": [{"name": "DATABASE_URL",
                                                      "value": "postgres://ingest@hr-postgresql:5432/hr"}]}]}}},
             "status": {"replicas": 16, "readyReplicas": 16}},
            {"metadata": meta("reports"), "spec": {"replicas": 2, "template": {"spec": {"containers": [
                {"name": "main", "image": "reports:1", "env": [{"name": "PGHOST", "value": "hr-postgresql"}]}]}}},
             "status": {"replicas": 2, "readyReplicas": 2}}]
    scaled = {"metadata": meta("e-scale"), "type": "Normal", "reason": "ScalingReplicaSet", "lastTimestamp": T0,
              "message": "Scaled up replica set ingest-worker-7d9 to 16 from 3",
              "involvedObject": {"kind": "Deployment", "namespace": NS, "name": "ingest-worker"}}
    (tmp_path / "deployments.json").write_text(json.dumps({"kind": "List", "items": deps}))
    (tmp_path / "events.json").write_text(json.dumps({"kind": "List", "items": [scaled]}))
    a = analyse(load_snapshot(tmp_path), "hr portal gets 'too many clients already' from postgres")
    assert first(a) == ("Deployment", NS, "ingest-worker") and snap is not None


def run_cluster(tmp_path, message):
    """A nightly dump schedule whose latest run's pod failed with ``message``."""
    cron = {"metadata": meta("pg-nightly-dump"), "spec": {"schedule": "0 2 * * *", "jobTemplate": {"spec": {"template": {
        "spec": {"containers": [{"name": "dump", "image": "postgres:14.13-alpine"}]}}}}}, "status": {}}
    job = {"metadata": meta("pg-nightly-dump-2895", ownerReferences=[owner("CronJob", "pg-nightly-dump", "batch/v1")]),
           "spec": {"template": {"spec": {}}}, "status": {"conditions": [
               {"type": "Failed", "status": "True", "reason": "BackoffLimitExceeded", "lastTransitionTime": T0}]}}
    run = pod("pg-nightly-dump-2895-x7k2p", owner=owner("Job", "pg-nightly-dump-2895", "batch/v1"), phase="Failed",
              state={"state": {"terminated": {"reason": "Error", "exitCode": 1, "message": message, "finishedAt": T0}}})
    return write(tmp_path, {"cronjobs": [cron], "jobs": [job], "pods": [run]})


def test_a_dump_client_older_than_its_server_is_the_schedules_image(tmp_path):
    msg = ("pg_dump: error: aborting because of server version mismatch\n"
           "pg_dump: detail: server version: 16.4; pg_dump version: 14.13")
    a = analyse(run_cluster(tmp_path, msg), "the nightly dumps fail since the weekend")
    assert first(a) == ("CronJob", NS, "pg-nightly-dump") and a.strong


def test_a_run_that_fails_for_another_reason_is_only_a_guess_about_its_schedule(tmp_path):
    a = analyse(run_cluster(tmp_path, "no dump newer than 24h in /dumps"), "the nightly dumps fail since the weekend")
    assert not a.strong


def test_a_job_account_whose_role_names_another_cloud_account(tmp_path):
    irsa = "eks.amazonaws.com/role-arn"
    snap = run_cluster(tmp_path, "An error occurred (AccessDenied) when calling the AssumeRoleWithWebIdentity operation: "
                                 "Not authorized to perform sts:AssumeRoleWithWebIdentity")
    pods = json.loads((tmp_path / "pods.json").read_text())
    pods["items"][0]["spec"]["serviceAccountName"] = "pg-dump-s3"
    (tmp_path / "pods.json").write_text(json.dumps(pods))
    (tmp_path / "serviceaccounts.json").write_text(json.dumps({"kind": "List", "items": [
        {"metadata": meta("pg-dump-s3", annotations={irsa: "arn:aws:iam::318274619560:role/dump"})},
        {"metadata": meta("velero", ns="kube-system", annotations={irsa: "arn:aws:iam::381427956061:role/velero"})},
        {"metadata": meta("ebs-csi", ns="kube-system", annotations={irsa: "arn:aws:iam::381427956061:role/ebs"})}]}))
    a = analyse(load_snapshot(tmp_path), "the nightly dumps to S3 fail")
    assert first(a) == ("ServiceAccount", NS, "pg-dump-s3") and snap is not None


def create_cluster(tmp_path, message):
    """A StatefulSet whose controller cannot recreate pod 2: its recent FailedCreate says ``message``."""
    sts = {"metadata": meta("cluster1-pxc"), "spec": {"replicas": 3, "template": {"spec": {
        "priorityClassName": "db-critical", "containers": [{"name": "pxc", "image": "percona-xtradb-cluster:8.0"}]}}},
        "status": {"replicas": 2, "readyReplicas": 2}}
    event = {"metadata": meta("e1"), "type": "Warning", "reason": "FailedCreate", "lastTimestamp": T0, "count": 29,
             "message": message, "involvedObject": {"kind": "StatefulSet", "namespace": NS, "name": "cluster1-pxc"}}
    return write(tmp_path, {"statefulsets": [sts], "events": [event]})


def test_a_pod_template_naming_a_priority_class_that_does_not_exist(tmp_path):
    msg = ('create Pod cluster1-pxc-2 in StatefulSet cluster1-pxc failed error: pods "cluster1-pxc-2" is forbidden: '
           "no PriorityClass with name db-critical was found")
    a = analyse(create_cluster(tmp_path, msg), "our xtradb cluster is down to 2 nodes, the third pod is gone")
    assert first(a) == ("StatefulSet", NS, "cluster1-pxc") and a.strong


def test_a_statefulset_refused_for_another_reason_is_not_blamed_for_a_priority_class(tmp_path):
    msg = ('create Pod cluster1-pxc-2 in StatefulSet cluster1-pxc failed error: pods "cluster1-pxc-2" is forbidden: '
           "exceeded quota: compute, requested: limits.memory=4Gi, used: limits.memory=30Gi, limited: limits.memory=32Gi")
    a = analyse(create_cluster(tmp_path, msg), "our xtradb cluster is down to 2 nodes, the third pod is gone")
    assert not any("PriorityClass" in rc.reason for rc in a.root_causes)


def test_a_schedule_whose_old_runs_were_refused_by_the_cloud_traces_to_its_account(tmp_path):
    irsa = "eks.amazonaws.com/role-arn"
    said = ("upload failed: An error occurred (AccessDenied) when calling the AssumeRoleWithWebIdentity operation: "
            "Not authorized to perform sts:AssumeRoleWithWebIdentity")
    run_cluster(tmp_path, said)
    later = {"metadata": meta("e-later"), "type": "Normal", "reason": "SawCompletedJob", "lastTimestamp": "2026-05-01T20:00:00Z",
             "message": "the bundle is taken hours after the run ended: its pod is history",
             "involvedObject": {"kind": "CronJob", "namespace": NS, "name": "pg-nightly-dump"}}
    (tmp_path / "events.json").write_text(json.dumps({"kind": "List", "items": [later]}))
    for plural, edit in (("cronjobs", lambda o: o["spec"]["jobTemplate"]["spec"]["template"]["spec"].update(
            serviceAccountName="pg-backup")), ("pods", lambda o: o["spec"].update(serviceAccountName="pg-backup"))):
        items = json.loads((tmp_path / f"{plural}.json").read_text())
        edit(items["items"][0])
        (tmp_path / f"{plural}.json").write_text(json.dumps(items))
    (tmp_path / "serviceaccounts.json").write_text(json.dumps({"kind": "List", "items": [
        {"metadata": meta("pg-backup", annotations={irsa: "arn:aws:iam::428904695233:role/backup"})},
        {"metadata": meta("velero", ns="kube-system", annotations={irsa: "arn:aws:iam::428940695233:role/velero"})},
        {"metadata": meta("ebs-csi", ns="kube-system", annotations={irsa: "arn:aws:iam::428940695233:role/ebs"})}]}))
    a = analyse(load_snapshot(tmp_path), "the nightly pg-nightly-dump to S3 failed again with AccessDenied")
    assert first(a) == ("ServiceAccount", NS, "pg-backup")


def link_cluster(tmp_path, sets_it):
    """An app that parses REDIS_PORT as a number; a Service named "redis" appeared in its namespace."""
    said = ('panic: config: invalid value "tcp://34.118.230.101:6379" for REDIS_PORT: strconv.Atoi: parsing '
            '"tcp://34.118.230.101:6379": invalid syntax')
    env = [{"name": "REDIS_HOST", "value": "sessions-redis"}] + ([{"name": "REDIS_PORT", "value": "6379"}] if sets_it else [])
    app = pod("checkout-api-7f9-abcde", labels={"app": "checkout-api"}, owner=owner("ReplicaSet", "checkout-api-7f9"),
              containers=[{"name": "main", "image": "checkout:4", "env": env}], state=crash(said))
    svc = {"metadata": meta("redis"), "spec": {"selector": {"app": "ratelimit-redis"}, "clusterIP": "34.118.230.101",
                                               "ports": [{"port": 6379}]}}
    redis = pod("ratelimit-redis-0", labels={"app": "ratelimit-redis"}, state={"state": {"running": {}}}, ready=True)
    return write(tmp_path, {"pods": [app, redis], "services": [svc]})


def test_a_new_service_whose_link_variable_overrides_the_apps_setting(tmp_path):
    a = analyse(link_cluster(tmp_path, sets_it=False), "checkout api pods crash with a config panic about a port")
    assert first(a) == ("Service", NS, "redis")


def test_a_service_is_not_blamed_for_a_variable_the_app_sets_itself(tmp_path):
    a = analyse(link_cluster(tmp_path, sets_it=True), "checkout api pods crash with a config panic about a port")
    assert all(rc.kind != "Service" for rc in a.root_causes)


def dns_policy_cluster(tmp_path, policy):
    said = 'could not translate host name "billing-db-rw.shop.svc.cluster.local" to address: Name or service not known'
    p = pod("invoice-worker-5d8-abcde", labels={"app": "invoice-worker"}, owner=owner("ReplicaSet", "invoice-worker-5d8"),
            state=crash(said))
    p["spec"]["dnsPolicy"] = policy
    rs = {"metadata": meta("invoice-worker-5d8", ownerReferences=[owner("Deployment", "invoice-worker")]),
          "spec": {"replicas": 1, "template": {"spec": {"dnsPolicy": policy}}}, "status": {"replicas": 1}}
    return write(tmp_path, {"pods": [p], "replicasets": [rs], "deployments": [deployment("invoice-worker", ready=0)]})


def test_a_template_that_sends_its_pods_to_the_nodes_resolver_cannot_resolve_services(tmp_path):
    a = analyse(dns_policy_cluster(tmp_path, "Default"), "the new invoice worker cannot resolve the billing database")
    assert first(a) == ("Deployment", NS, "invoice-worker") and "dnsPolicy" in a.root_causes[0].reason


def test_a_cluster_first_pod_that_cannot_resolve_does_not_blame_its_dns_policy(tmp_path):
    a = analyse(dns_policy_cluster(tmp_path, "ClusterFirst"), "the new invoice worker cannot resolve the billing database")
    assert not any("dnsPolicy" in rc.reason for rc in a.root_causes)


def quota_cluster(tmp_path, quota_created, controller="CronJob"):
    """A namespace quota that tracks limits, and a controller whose new pod it refuses for want of them: tonight's run
    of a backup schedule (last success the night before), or a Deployment's ReplicaSet made on 30 April."""
    must = "must specify limits.cpu for: pg-dump; limits.memory for: pg-dump"
    quota = {"metadata": meta("compute", creationTimestamp=quota_created),
             "spec": {"hard": {"limits.cpu": "8", "limits.memory": "16Gi", "pods": "20"}},
             "status": {"hard": {"limits.cpu": "8", "limits.memory": "16Gi", "pods": "20"},
                        "used": {"limits.cpu": "2", "limits.memory": "4Gi", "pods": "3"}}}
    files = {"resourcequotas": [quota], "pods": [sandbox_decoy()],
             "namespaces": [{"metadata": meta(n, ns="")} for n in (NS, "sandbox")]}
    template = {"spec": {"containers": [{"name": "pg-dump", "image": "postgres:16"}]}}
    if controller == "CronJob":
        files["cronjobs"] = [{"metadata": meta("pg-backup"), "spec": {"schedule": "0 2 * * *", "jobTemplate": {
            "spec": {"template": template}}}, "status": {"lastSuccessfulTime": "2026-04-30T02:07:00Z",
                                                        "lastScheduleTime": "2026-05-01T02:00:00Z"}}]
        files["jobs"] = [{"metadata": meta("pg-backup-2960", creationTimestamp="2026-05-01T02:00:00Z",
                                           ownerReferences=[owner("CronJob", "pg-backup", api="batch/v1")]),
                          "spec": {"template": template}, "status": {}}]
        target, obj = "pg-backup-2960", "Job"
    else:
        files["deployments"] = [deployment("reports")]
        files["replicasets"] = [{"metadata": meta("reports-5d8", creationTimestamp="2026-04-30T10:00:00Z",
                                                  ownerReferences=[owner("Deployment", "reports")]),
                                 "spec": {"replicas": 1, "template": template},
                                 "status": {"replicas": 0, "conditions": [{"type": "ReplicaFailure", "status": "True",
                                                                           "reason": "FailedCreate"}]}}]
        target, obj = "reports-5d8", "ReplicaSet"
    tmp_path.mkdir(exist_ok=True)
    files["events"] = [{"metadata": meta("e1"), "type": "Warning", "reason": "FailedCreate", "lastTimestamp": T0,
                        "message": f'Error creating: pods "{target}-x7k2p" is forbidden: failed quota: compute: {must}',
                        "involvedObject": {"kind": obj, "namespace": NS, "name": target}}]
    return write(tmp_path, files)


def test_a_quota_added_since_the_last_good_run_that_requires_limits_is_the_quota(tmp_path):
    a = analyse(quota_cluster(tmp_path, "2026-04-30T20:00:00Z"), "last night's postgres backup never started, no pod")
    assert first(a) == ("ResourceQuota", NS, "compute") and a.strong
    assert "LimitRange" in a.fix


def test_a_template_that_lost_its_limits_under_an_old_quota_is_the_schedule(tmp_path):
    a = analyse(quota_cluster(tmp_path, "2025-11-01T08:00:00Z"), "last night's postgres backup never started, no pod")
    assert first(a) == ("CronJob", NS, "pg-backup") and a.strong
    assert "limits" in a.fix


def test_a_rollout_after_the_quota_is_the_deployments_template_and_before_it_the_quota(tmp_path):
    a = analyse(quota_cluster(tmp_path / "old", "2025-11-01T08:00:00Z", "Deployment"), "the reports app has no pods")
    assert first(a) == ("Deployment", NS, "reports") and a.strong
    b = analyse(quota_cluster(tmp_path / "new", "2026-04-30T20:00:00Z", "Deployment"), "the reports app has no pods")
    assert first(b) == ("ResourceQuota", NS, "compute") and b.strong


def forbid_cluster(tmp_path, hung_since, sidecar=False, inject=False):
    """An hourly dump schedule with concurrencyPolicy Forbid: three runs that took 6-8 minutes, and one still active
    since ``hung_since``; the controller says it skips runs (JobAlreadyActive). ``sidecar``: the active run's pod
    finished its dump while a mesh proxy still runs; ``inject``: the namespace asks linkerd to inject it."""
    template = {"spec": {"template": {"spec": {"containers": [{"name": "dump", "image": "mysql:8.0"}]}}}}
    cron = {"metadata": meta("erp-dump"), "spec": {"schedule": "0 * * * *", "concurrencyPolicy": "Forbid",
                                                    "jobTemplate": template},
            "status": {"active": [{"kind": "Job", "name": "erp-dump-4", "namespace": NS}],
                       "lastScheduleTime": hung_since, "lastSuccessfulTime": "2026-04-28T03:08:00Z"}}
    jobs = [{"metadata": meta(f"erp-dump-{i}", creationTimestamp=f"2026-04-28T0{i}:00:00Z",
                              ownerReferences=[owner("CronJob", "erp-dump", api="batch/v1")]), "spec": template["spec"],
             "status": {"startTime": f"2026-04-28T0{i}:00:00Z", "completionTime": f"2026-04-28T0{i}:0{5 + i}:00Z",
                        "succeeded": 1, "conditions": [{"type": "Complete", "status": "True"}]}} for i in (1, 2, 3)]
    jobs.append({"metadata": meta("erp-dump-4", creationTimestamp=hung_since,
                                  ownerReferences=[owner("CronJob", "erp-dump", api="batch/v1")]),
                 "spec": template["spec"], "status": {"startTime": hung_since, "active": 1}})
    event = {"metadata": meta("e1"), "type": "Normal", "reason": "JobAlreadyActive", "lastTimestamp": T0, "count": 20,
             "message": "Not starting job because prior execution is running and concurrency policy is Forbid",
             "involvedObject": {"kind": "CronJob", "namespace": NS, "name": "erp-dump"}}
    pods = [sandbox_decoy()]
    if sidecar:
        run = pod("erp-dump-4-x9k2p", owner=owner("Job", "erp-dump-4", api="batch/v1"), ready=False)
        run["status"]["containerStatuses"] = [
            {"name": "dump", "ready": False, "state": {"terminated": {"exitCode": 0, "reason": "Completed"}}},
            {"name": "linkerd-proxy", "ready": True, "state": {"running": {"startedAt": hung_since}}}]
        pods.append(run)
    notes = {"linkerd.io/inject": "enabled"} if inject else {}
    return write(tmp_path, {"cronjobs": [cron], "jobs": jobs, "events": [event], "pods": pods,
                            "namespaces": [{"metadata": meta(NS, ns="", annotations=notes)},
                                           {"metadata": meta("sandbox", ns="")}]})


def test_a_mesh_proxy_the_namespace_injects_keeps_a_finished_run_alive(tmp_path):
    a = analyse(forbid_cluster(tmp_path, "2026-04-28T04:00:00Z", sidecar=True, inject=True), "no new erp dumps")
    assert first(a) == ("Namespace", "", NS) and a.strong and "linkerd.io/inject-" in a.fix


def test_a_proxy_the_namespace_does_not_inject_leaves_the_hung_run_the_cause(tmp_path):
    a = analyse(forbid_cluster(tmp_path, "2026-04-28T04:00:00Z", sidecar=True), "no new erp dumps for three days")
    assert first(a) == ("Job", NS, "erp-dump-4") and any("linkerd-proxy still runs" in e for e in a.evidence)


def test_a_run_that_never_ends_holds_up_a_forbid_schedule(tmp_path):
    a = analyse(forbid_cluster(tmp_path, "2026-04-28T04:00:00Z"), "no new erp dumps for three days")
    assert first(a) == ("Job", NS, "erp-dump-4") and a.strong
    assert "kubectl delete job erp-dump-4" in a.fix and "activeDeadlineSeconds" in a.fix


def test_a_run_still_inside_its_usual_time_is_not_called_hung(tmp_path):
    a = analyse(forbid_cluster(tmp_path, "2026-05-01T08:50:00Z"), "no new erp dumps for three days")
    assert all(rc.kind != "Job" for rc in a.root_causes)


def schedule_cluster(tmp_path, schedule, starts):
    """A backup schedule now reading ``schedule`` whose runs began at ``starts`` (all succeeded), last one the last
    scheduled; the snapshot is taken on 1 May 2026."""
    template = {"spec": {"template": {"spec": {"containers": [{"name": "dump", "image": "postgres:16"}]}}}}
    cron = {"metadata": meta("pg-backup"), "spec": {"schedule": schedule, "jobTemplate": template},
            "status": {"lastScheduleTime": starts[-1], "lastSuccessfulTime": starts[-1]}}
    jobs = [{"metadata": meta(f"pg-backup-{i}", creationTimestamp=t,
                              ownerReferences=[owner("CronJob", "pg-backup", api="batch/v1")]), "spec": template["spec"],
             "status": {"startTime": t, "completionTime": t.replace(":00:00Z", ":09:00Z"), "succeeded": 1,
                        "conditions": [{"type": "Complete", "status": "True"}]}} for i, t in enumerate(starts)]
    tmp_path.mkdir(exist_ok=True)
    return write(tmp_path, {"cronjobs": [cron], "jobs": jobs, "pods": [sandbox_decoy()],
                            "namespaces": [{"metadata": meta(n, ns="")} for n in (NS, "sandbox")]})


DAILY_UNTIL_21_APRIL = [f"2026-04-{d}T03:00:00Z" for d in (19, 20, 21)]


def test_a_schedule_changed_to_one_that_cannot_fire_now(tmp_path):
    a = analyse(schedule_cluster(tmp_path, "0 3 * 2 *", DAILY_UNTIL_21_APRIL), "our newest postgres backup is 10 days old")
    assert first(a) == ("CronJob", NS, "pg-backup") and a.strong and "'0 3 * 2 *'" in a.root_causes[0].reason


def test_a_schedule_that_should_have_fired_or_fires_rarely_is_not_called_changed(tmp_path):
    late = analyse(schedule_cluster(tmp_path / "a", "0 3 * * *", DAILY_UNTIL_21_APRIL), "newest postgres backup is old")
    assert all("no firing time" not in rc.reason for rc in late.root_causes)
    monthly = ["2026-02-01T03:00:00Z", "2026-03-01T03:00:00Z", "2026-04-01T03:00:00Z"]
    rare = analyse(schedule_cluster(tmp_path / "b", "0 3 1 * *", monthly), "newest postgres backup is a month old")
    assert all("no firing time" not in rc.reason for rc in rare.root_causes)


def test_cron_schedules_fire_as_cron_reads_them():
    from datetime import datetime, timezone

    from toolkits.kubernetes.cron import fires_between

    start, end = datetime(2024, 6, 11, 3, tzinfo=timezone.utc), datetime(2024, 6, 20, 8, tzinfo=timezone.utc)
    assert fires_between("0 3 * 2 *", start, end) is False and fires_between("0 3 * feb *", start, end) is False
    assert fires_between("0 3 * * *", start, end) and fires_between("@hourly", start, end)
    assert fires_between("0 3 1 * *", start, end) is False and fires_between("@monthly", start, end) is False
    assert fires_between("0 3 13 * mon", start, end)  # day of month OR day of week when both are set (the 17th)
    assert fires_between("0 3 * * 7", start, end)  # 7 is Sunday too
    assert fires_between("0 25 * * *", start, end) is None and fires_between("every day", start, end) is None


def tls_cluster(tmp_path, annotations):
    """An API whose every connection through the pooler fails the TLS handshake: the pooler serves the certificate in
    Secret pooler-tls (``annotations`` on it), the database its own, renewed by cert-manager."""
    expired = ("failed to connect to `host=pooler user=app database=app`: tls error: tls: failed to verify "
               "certificate: x509: certificate has expired or is not yet valid: current time 2026-05-01T08:59:00Z "
               "is after 2026-04-30T10:41:09Z")
    api = pod("api-7f9-abcde", labels={"app": "api"}, owner=owner("ReplicaSet", "api-7f9"), env={"DB_HOST": "pooler"},
              state=crash(expired))
    tls = {"type": "kubernetes.io/tls", "data": {"tls.crt": "", "tls.key": ""}}
    pooler = pod("pooler-5c-x1", labels={"app": "pooler"}, state={"state": {"running": {}}}, ready=True,
                 volumes=[{"name": "tls", "secret": {"secretName": "pooler-tls"}}])
    db = pod("db-0", labels={"app": "db"}, state={"state": {"running": {}}}, ready=True,
             volumes=[{"name": "tls", "secret": {"secretName": "db-server-tls"}}])
    secrets = [{"metadata": meta("pooler-tls", creationTimestamp="2025-04-30T10:41:09Z", annotations=annotations), **tls},
               {"metadata": meta("db-server-tls", annotations={"cert-manager.io/certificate-name": "db-server"}), **tls}]
    services = [{"metadata": meta(n), "spec": {"selector": {"app": n}, "ports": [{"port": p}]}}
                for n, p in (("pooler", 6432), ("db", 5432))]
    return write(tmp_path, {"pods": [api, pooler, db], "secrets": secrets, "services": services})


def test_an_expired_certificate_a_server_serves_from_a_hand_made_tls_secret(tmp_path):
    a = analyse(tls_cluster(tmp_path, {}), "the api fails every database connection with an x509 certificate error")
    assert first(a) == ("Secret", NS, "pooler-tls") and a.strong and "kubectl create secret tls pooler-tls" in a.fix


def test_a_tls_secret_that_cert_manager_renews_is_not_called_expired(tmp_path):
    a = analyse(tls_cluster(tmp_path, {"cert-manager.io/certificate-name": "pooler"}), "x509 certificate error")
    assert all(rc.kind != "Secret" for rc in a.root_causes)


def lock_cluster(tmp_path, statement):
    """An API whose statements time out waiting for locks on the orders database, and a Job started by hand 40
    minutes ago that still runs ``statement`` against the same server."""
    api = pod("orders-api-7f9-abcde", labels={"app": "orders-api"}, owner=owner("ReplicaSet", "orders-api-7f9"),
              env={"PGHOST": "orders-pg"}, state=crash("error: canceling statement due to lock timeout (SQLSTATE 55P03)"))
    db = pod("orders-pg-0", labels={"app": "orders-pg"}, state={"state": {"running": {}}}, ready=True)
    svc = {"metadata": meta("orders-pg"), "spec": {"selector": {"app": "orders-pg"}, "ports": [{"port": 5432}]}}
    job = {"metadata": meta("orders-reindex", creationTimestamp="2026-05-01T08:20:00Z"),
           "spec": {"template": {"spec": {"containers": [{"name": "psql", "image": "postgres:16", "command": ["psql"],
                                                          "args": ["-h", "orders-pg", "-c", statement]}]}}},
           "status": {"startTime": "2026-05-01T08:20:00Z", "active": 1}}
    return write(tmp_path, {"pods": [api, db], "services": [svc], "jobs": [job]})


def test_a_job_running_a_table_locking_statement_against_the_server(tmp_path):
    a = analyse(lock_cluster(tmp_path, "REINDEX TABLE public.orders;"), "orders-api times out and restarts")
    assert first(a) == ("Job", NS, "orders-reindex") and a.strong and "REINDEX TABLE public.orders" in a.root_causes[0].reason


def test_a_job_reindexing_concurrently_is_not_blamed_for_lock_timeouts(tmp_path):
    a = analyse(lock_cluster(tmp_path, "REINDEX TABLE CONCURRENTLY public.orders;"), "orders-api times out and restarts")
    assert all(rc.kind != "Job" for rc in a.root_causes)

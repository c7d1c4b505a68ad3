"""Root causes found from what the kubelet and the controllers say about one object (hand-written snapshots in
kubectl's shape): a volume whose mount itself fails (its mount options, or its StorageClass's), an Ingress of a class no
controller serves, a LoadBalancer the cloud cannot build, a limit in the server's ConfigMap its clients are refused by,
a namespace node-selector no node carries, a class that binds at once where the pod may not run, a volume naming a disk the cloud does not
have. Each with negatives beside it."""
from __future__ import annotations

import json

from toolkits.kubernetes.rca import analyse
from toolkits.kubernetes.snapshot import load_snapshot
from tests.test_k8s_references_and_agents import NS, T0, crash, first, meta, node, owner, pod, write

MOUNT_FAILED = ('MountVolume.SetUp failed for volume "{pv}" : mount failed: exit status 32\nMounting command: mount\n'
                "Mounting arguments: -t nfs -o nfsvers=3,hard 10.0.0.5:/export/backups /var/lib/kubelet/pods/x/volumes/"
                "kubernetes.io~nfs/{pv}\nOutput: mount.nfs: requested NFS version or transport protocol is not supported\n")


def _dir(path):
    path.mkdir(parents=True, exist_ok=True)
    return path


def bound(pv_name, claim, cls="", **spec):
    """A claim in NS and the volume bound to it (cluster-scoped), spec fields added to the volume's."""
    pv = {"metadata": meta(pv_name, ns=""), "spec": {"claimRef": {"namespace": NS, "name": claim, "uid": f"uid-{NS}-{claim}"},
                                                    "storageClassName": cls, **spec}, "status": {"phase": "Bound"}}
    pvc = {"metadata": meta(claim), "spec": {"volumeName": pv_name, "storageClassName": cls}, "status": {"phase": "Bound"}}
    return pv, pvc


def backup_pod_with_volume(tmp_path, message, pv_name="backups-nfs", cls=""):
    _dir(tmp_path)
    classes = [{"metadata": meta(cls, ns=""), "provisioner": "cluster.local/nfs-subdir-external-provisioner",
                "mountOptions": ["nfsvers=3", "hard"]}] if cls else []
    pv, pvc = bound(pv_name, "backups", cls, mountOptions=["nfsvers=3", "hard"], accessModes=["ReadWriteMany"],
                    nfs={"server": "10.0.0.5", "path": "/export/backups"}, capacity={"storage": "1Ti"})
    p = pod("nightly-backup-2871-x7k2p", labels={"job-name": "nightly-backup-2871"}, owner=owner("Job", "nightly-backup-2871", "batch/v1"),
            phase="Pending", volumes=[{"name": "backups", "persistentVolumeClaim": {"claimName": "backups"}}],
            state={"state": {"waiting": {"reason": "ContainerCreating"}}})
    ev = {"metadata": meta("e1"), "type": "Warning", "reason": "FailedMount", "lastTimestamp": T0, "count": 12,
          "message": message, "involvedObject": {"kind": "Pod", "namespace": NS, "name": p["metadata"]["name"]}}
    return write(tmp_path, {"pods": [p], "persistentvolumes": [pv], "persistentvolumeclaims": [pvc], "events": [ev],
                            "storageclasses": classes})


def test_a_volume_whose_mount_fails_is_the_cause(tmp_path):
    a = analyse(backup_pod_with_volume(tmp_path, MOUNT_FAILED.format(pv="backups-nfs")),
                "the nightly backup pod has been stuck in ContainerCreating since 01:30")
    assert first(a) == ("PersistentVolume", "", "backups-nfs")
    assert any("mount.nfs: requested NFS version" in e for e in a.evidence)
    assert any("mountOptions nfsvers=3,hard" in e for e in a.evidence) and a.fix.startswith("kubectl edit pv backups-nfs")


def test_mount_options_a_volume_took_from_its_storageclass_are_the_class_s_fault(tmp_path):
    a = analyse(backup_pod_with_volume(tmp_path, MOUNT_FAILED.format(pv="pvc-0a1b"), pv_name="pvc-0a1b", cls="nfs-client"),
                "the nightly backup pod has been stuck in ContainerCreating")
    assert first(a) == ("StorageClass", "", "nfs-client")
    assert "kubectl replace --force" in a.fix and "kubectl edit pv pvc-0a1b" in a.fix


def test_a_failed_mount_of_a_missing_configmap_or_of_another_volume_does_not_blame_this_one(tmp_path):
    missing = 'MountVolume.SetUp failed for volume "config" : configmap "backup-config" not found'
    a = analyse(backup_pod_with_volume(tmp_path / "a", missing), "the backup pod is stuck")
    assert all(rc.kind != "PersistentVolume" for rc in a.root_causes)
    other = analyse(backup_pod_with_volume(tmp_path / "b", MOUNT_FAILED.format(pv="scratch-nfs")), "the backup pod is stuck")
    assert all(rc.kind != "PersistentVolume" for rc in other.root_causes)


def ingress(name, cls, address, ns=NS, service="web"):
    return {"metadata": meta(name, ns=ns), "spec": {"ingressClassName": cls, "rules": [{"host": f"{name}.example.com",
            "http": {"paths": [{"path": "/", "pathType": "Prefix", "backend": {"service": {"name": service, "port": {"number": 80}}}}]}}]},
            "status": {"loadBalancer": {"ingress": [{"ip": "203.0.113.7"}]} if address else {}}}


def web_service(name="web"):
    return {"metadata": meta(name), "spec": {"selector": {"app": name}, "ports": [{"port": 80, "targetPort": 8080}]}}


def web_pod(name="web"):
    return pod(f"{name}-5d9-abcde", labels={"app": name}, owner=owner("ReplicaSet", f"{name}-5d9"), ready=True,
               state={"state": {"running": {"startedAt": T0}}})


def test_an_ingress_whose_class_no_controller_serves(tmp_path):
    snap = write(tmp_path, {"ingresses": [ingress("shop", "nginx", True), ingress("logs", "nginx-internal", False),
                                          ingress("grafana", "nginx", True)],
                            "services": [web_service()], "pods": [web_pod()]})
    a = analyse(snap, "the log UI URL stopped working after this morning's ingress cleanup")
    assert first(a) == ("Ingress", NS, "logs")
    assert '"ingressClassName": "nginx"' in a.fix and any("class nginx-internal" in e for e in a.evidence)


def test_ingresses_without_addresses_everywhere_or_of_a_served_class_are_not_blamed_for_their_class(tmp_path):
    quiet = write(_dir(tmp_path / "a"), {"ingresses": [ingress("shop", "nginx", False), ingress("logs", "traefik", False)],
                                   "services": [web_service()], "pods": [web_pod()]})  # no controller publishes status
    assert not analyse(quiet, "the log UI is down").root_causes
    fresh = write(_dir(tmp_path / "b"), {"ingresses": [ingress("shop", "nginx", True), ingress("logs", "nginx", False)],
                                   "services": [web_service()], "pods": [web_pod()]})
    assert not analyse(fresh, "the log UI is down").root_causes


def lb_cluster(tmp_path, address):
    notes = {"service.beta.kubernetes.io/azure-load-balancer-internal": "true"}
    def lb(name, subnet, has):
        return {"metadata": meta(name, annotations={**notes, "service.beta.kubernetes.io/azure-load-balancer-internal-subnet": subnet}),
                "spec": {"type": "LoadBalancer", "selector": {"app": "web"}, "ports": [{"port": 3306}]},
                "status": {"loadBalancer": {"ingress": [{"ip": "10.224.64.21"}]} if has else {}}}
    ev = {"metadata": meta("e-lb"), "type": "Warning", "reason": "SyncLoadBalancerFailed", "lastTimestamp": T0, "count": 40,
          "message": "Error syncing load balancer: failed to ensure load balancer: failed to get subnet: vnet-hub/snet-ilb-prod",
          "involvedObject": {"kind": "Service", "namespace": NS, "name": "erp-mysql-lb"}}
    return write(_dir(tmp_path), {"services": [lb("erp-mysql-lb", "snet-ilb-prod", address), lb("reports-lb", "snet-ilb", True)],
                                  "pods": [web_pod()], "events": [ev]})


def test_a_load_balancer_the_cloud_controller_cannot_build(tmp_path):
    a = analyse(lb_cluster(tmp_path, address=False), "the reporting VM cannot reach the ERP MySQL since last night")
    assert first(a) == ("Service", NS, "erp-mysql-lb")
    assert any("failed to get subnet" in e for e in a.evidence)
    assert any("reports-lb has an address with {'service.beta.kubernetes.io/azure-load-balancer-internal-subnet': "
               "'snet-ilb'}" in e for e in a.evidence)


def test_a_load_balancer_that_has_its_address_is_not_blamed_for_an_earlier_failure(tmp_path):
    a = analyse(lb_cluster(tmp_path, address=True), "the reporting VM cannot reach the ERP MySQL")
    assert all(rc.kind != "Service" for rc in a.root_causes)


REDIS_OOM = "ReplyError: OOM command not allowed when used memory > 'maxmemory'.\n    at parseError (redis-parser.js:179)"


def queue_cluster(tmp_path, client_error, conf):
    cm = {"metadata": meta("jobs-redis-configuration"), "data": {"redis.conf": conf}}
    server = pod("jobs-redis-node-0", labels={"app": "jobs-redis"}, owner=owner("StatefulSet", "jobs-redis-node"), ready=True,
                 state={"state": {"running": {"startedAt": T0}}},
                 volumes=[{"name": "config", "configMap": {"name": "jobs-redis-configuration"}}])
    svc = {"metadata": meta("jobs-redis"), "spec": {"selector": {"app": "jobs-redis"}, "ports": [{"port": 6379}]}}
    client = pod("transcode-worker-6f8-k2x9q", labels={"app": "transcode-worker"}, owner=owner("ReplicaSet", "transcode-worker-6f8"),
                 state=crash(client_error), env={"REDIS_URL": "redis://jobs-redis:6379/0"})
    return write(_dir(tmp_path), {"pods": [server, client], "services": [svc], "configmaps": [cm]})


def test_a_limit_in_the_servers_configmap_that_its_clients_are_refused_by(tmp_path):
    a = analyse(queue_cluster(tmp_path, REDIS_OOM, "maxmemory 256mb\nmaxmemory-policy noeviction\nappendonly yes\n"),
                "transcode workers crash-looping, redis pods look healthy")
    assert first(a) == ("ConfigMap", NS, "jobs-redis-configuration")
    assert any("maxmemory 256mb; maxmemory-policy noeviction" in e for e in a.evidence)
    assert any("OOM command not allowed" in e for e in a.evidence)


def test_a_server_configmap_is_not_blamed_for_another_error_or_for_a_setting_it_does_not_hold(tmp_path):
    refused = "Error: connect ECONNREFUSED 10.43.0.17:6379"
    a = analyse(queue_cluster(tmp_path / "a", refused, "maxmemory 256mb\n"), "transcode workers crash-looping")
    assert all(rc.kind != "ConfigMap" for rc in a.root_causes)
    b = analyse(queue_cluster(tmp_path / "b", REDIS_OOM, "appendonly yes\n"), "transcode workers crash-looping")
    assert all(rc.kind != "ConfigMap" for rc in b.root_causes)


def project_cluster(tmp_path, template_selector, infra_node=False):
    ns = {"metadata": meta("ledger-db", ns="", annotations={"openshift.io/node-selector": "node-role.kubernetes.io/infra="})}
    sts = {"metadata": meta("ledger-pg", ns="ledger-db"), "spec": {"replicas": 1, "selector": {"matchLabels": {"app": "ledger-pg"}},
           "template": {"metadata": {"labels": {"app": "ledger-pg"}}, "spec": {
               "containers": [{"name": "main", "image": "postgres:16"}], **({"nodeSelector": template_selector} if template_selector else {})}}},
           "status": {"replicas": 1, "readyReplicas": 0}}
    msg = "0/2 nodes are available: 2 node(s) didn't match Pod's node affinity/selector."
    p = pod("ledger-pg-0", ns="ledger-db", labels={"app": "ledger-pg"}, node_name=None, phase="Pending",
            owner={"apiVersion": "apps/v1", "kind": "StatefulSet", "name": "ledger-pg", "uid": "uid-ledger-db-ledger-pg", "controller": True},
            conditions=[{"type": "PodScheduled", "status": "False", "reason": "Unschedulable", "message": msg}])
    p["spec"]["nodeSelector"] = {"node-role.kubernetes.io/infra": ""}
    nodes = [node("w1"), node("w2", labels={"node-role.kubernetes.io/infra": ""} if infra_node else {})]
    snap = write(_dir(tmp_path), {"pods": [p], "statefulsets": [sts]}, nodes=nodes)
    (tmp_path / "namespaces.json").write_text(json.dumps({"apiVersion": "v1", "kind": "List", "items": [ns]}))
    return load_snapshot(tmp_path)


def test_a_namespace_node_selector_that_no_node_carries(tmp_path):
    a = analyse(project_cluster(tmp_path, None), "the ledger postgres pod won't reschedule after the drain")
    assert first(a) == ("Namespace", "", "ledger-db")
    assert "openshift.io/node-selector-" in a.fix


def test_a_selector_the_template_asks_for_itself_is_the_template_s_not_the_namespace_s(tmp_path):
    a = analyse(project_cluster(tmp_path / "a", {"node-role.kubernetes.io/infra": ""}), "ledger postgres pending")
    assert first(a) == ("StatefulSet", "ledger-db", "ledger-pg")
    b = analyse(project_cluster(tmp_path / "b", None, infra_node=True), "ledger postgres pending")
    assert all(rc.kind != "Namespace" for rc in b.root_causes)


def zoned_cluster(tmp_path, binding):
    zone = lambda name, z, pool: node(name, labels={"topology.kubernetes.io/zone": z, "pool": pool})  # noqa: E731
    cls = {"metadata": meta("gp3-db", ns=""), "provisioner": "ebs.csi.aws.com", "volumeBindingMode": binding}
    pv, pvc = bound("pvc-9f1", "data-mysql-0", "gp3-db", csi={"driver": "ebs.csi.aws.com", "volumeHandle": "vol-0abc"},
                    nodeAffinity={"required": {"nodeSelectorTerms": [{"matchExpressions": [
                        {"key": "topology.kubernetes.io/zone", "operator": "In", "values": ["us-east-1a"]}]}]}})
    msg = "0/3 nodes are available: 1 node(s) didn't match Pod's node affinity/selector, 2 node(s) had volume node affinity conflict."
    p = pod("mysql-0", labels={"app": "mysql"}, owner=owner("StatefulSet", "mysql"), node_name=None, phase="Pending",
            volumes=[{"name": "data", "persistentVolumeClaim": {"claimName": "data-mysql-0"}}],
            conditions=[{"type": "PodScheduled", "status": "False", "reason": "Unschedulable", "message": msg}])
    p["spec"]["nodeSelector"] = {"pool": "db"}
    nodes = [zone("app-1a", "us-east-1a", "app"), zone("db-1b", "us-east-1b", "db"), zone("db-1c", "us-east-1c", "db")]
    return write(_dir(tmp_path), {"pods": [p], "persistentvolumes": [pv], "persistentvolumeclaims": [pvc],
                                  "storageclasses": [cls]}, nodes=nodes)


def test_a_class_that_binds_at_once_made_the_volume_where_the_pod_may_not_run(tmp_path):
    a = analyse(zoned_cluster(tmp_path, "Immediate"), "the new mysql primary stays Pending")
    assert first(a) == ("StorageClass", "", "gp3-db")
    assert "WaitForFirstConsumer" in a.fix and any("usable only on app-1a" in e for e in a.evidence)


def test_a_class_that_waits_for_the_pod_is_not_blamed_for_a_volume_affinity_conflict(tmp_path):
    a = analyse(zoned_cluster(tmp_path, "WaitForFirstConsumer"), "the new mysql primary stays Pending")
    assert all(rc.kind != "StorageClass" for rc in a.root_causes)


def restored_volume(tmp_path, attach_error):
    _dir(tmp_path)
    pv, pvc = bound("pg-restore-0903", "data-pg-0", csi={"driver": "ebs.csi.aws.com", "volumeHandle": "vol-07e1c3f9a2b4d6e"},
                    persistentVolumeReclaimPolicy="Retain")
    p = pod("pg-0", labels={"app": "pg"}, owner=owner("StatefulSet", "pg"), phase="Pending",
            volumes=[{"name": "data", "persistentVolumeClaim": {"claimName": "data-pg-0"}}],
            state={"state": {"waiting": {"reason": "ContainerCreating"}}})
    ev = {"metadata": meta("e-at"), "type": "Warning", "reason": "FailedAttachVolume", "lastTimestamp": T0, "count": 9,
          "message": f'AttachVolume.Attach failed for volume "pg-restore-0903" : rpc error: code = Internal desc = {attach_error}',
          "involvedObject": {"kind": "Pod", "namespace": NS, "name": "pg-0"}}
    return write(tmp_path, {"pods": [p], "persistentvolumes": [pv], "persistentvolumeclaims": [pvc], "events": [ev]})


def test_a_volume_that_names_a_disk_the_cloud_does_not_have(tmp_path):
    bad = ('could not attach volume "vol-07e1c3f9a2b4d6e" to node "i-08a": api error InvalidVolumeID.Malformed: Invalid id: '
           '"vol-07e1c3f9a2b4d6e" (expecting "vol-...")')
    a = analyse(restored_volume(tmp_path, bad), "the restored warehouse postgres never starts")
    assert first(a) == ("PersistentVolume", "", "pg-restore-0903")
    assert "volumeHandle" in a.fix and any("csi ebs.csi.aws.com vol-07e1c3f9a2b4d6e" in e for e in a.evidence)


def test_an_attach_refused_for_another_reason_does_not_blame_the_disk_id(tmp_path):
    other = 'could not attach volume "vol-07e1c3f9a2b4d6e" to node "i-08a": api error VolumeInUse: vol-07e1c3f9a2b4d6e is already attached'
    a = analyse(restored_volume(tmp_path, other), "the restored warehouse postgres never starts")
    assert all(rc.kind != "PersistentVolume" for rc in a.root_causes)

"""StorageClasses, PVCs and PVs with driver-specific PV sources."""
from .core import D, H, M

# driver -> properties
DRIVERS = {
    "ebs.csi.aws.com": {"csi": True, "topo": "topology.ebs.csi.aws.com/zone"},
    "pd.csi.storage.gke.io": {"csi": True, "topo": "topology.gke.io/zone"},
    "disk.csi.azure.com": {"csi": True, "topo": "topology.disk.csi.azure.com/zone"},
    "file.csi.azure.com": {"csi": True},
    "rook-ceph.rbd.csi.ceph.com": {"csi": True, "ceph": "rook-ceph", "secret_ns": "rook-ceph",
                                   "prov_secret": "rook-csi-rbd-provisioner", "node_secret": "rook-csi-rbd-node"},
    "rbd.csi.ceph.com": {"csi": True, "ceph": "5f0c4a7e-2b1d-11ef-9c3a-0cc47a8e21d4", "secret_ns": "ceph-csi-rbd",
                         "prov_secret": "csi-rbd-secret", "node_secret": "csi-rbd-secret"},
    "rook-ceph.cephfs.csi.ceph.com": {"csi": True, "cephfs": "rook-ceph", "secret_ns": "rook-ceph",
                                      "prov_secret": "rook-csi-cephfs-provisioner", "node_secret": "rook-csi-cephfs-node"},
    "openshift-storage.rbd.csi.ceph.com": {"csi": True, "ceph": "openshift-storage", "secret_ns": "openshift-storage",
                                           "prov_secret": "rook-csi-rbd-provisioner", "node_secret": "rook-csi-rbd-node"},
    "driver.longhorn.io": {"csi": True},
    "csi.vsphere.vmware.com": {"csi": True},
    "org.democratic-csi.iscsi": {"csi": True},
    "nfs.csi.k8s.io": {"csi": True, "nfs": True},
    "rancher.io/local-path": {"host": "/var/lib/rancher/k3s/storage"},
    "rke2.io/local-path": {"host": "/opt/local-path-provisioner"},
    "microk8s.io/hostpath": {"host": "/var/snap/microk8s/common/default-storage"},
    "openebs.io/local": {"local": "/var/openebs/local"},
    "cluster.local/nfs-subdir-external-provisioner": {"nfs_subdir": True},
    "kubernetes.io/no-provisioner": {},
}


def storageclass(c, name, prov, ago, params=None, reclaim="Delete", binding="WaitForFirstConsumer",
                 expand=True, default=False, labels=None, ann=None, mount_opts=None):
    a = dict(ann or {})
    if default:
        a["storageclass.kubernetes.io/is-default-class"] = "true"
    o = c.new("storageclasses", name, None, ago, labels, a or None)
    o["provisioner"] = prov
    if params:
        o["parameters"] = dict(params)
    o["reclaimPolicy"] = reclaim
    o["volumeBindingMode"] = binding
    if expand is not None:
        o["allowVolumeExpansion"] = expand
    if mount_opts:
        o["mountOptions"] = list(mount_opts)
    return o


def _pv_source(c, prov, sc, pvname, ns, claim, node, size):
    d = DRIVERS.get(prov, {})
    src, aff = {}, None
    params = sc.get("parameters", {}) if sc else {}
    if d.get("csi"):
        attrs = {"storage.kubernetes.io/csiProvisionerIdentity": "%d-%d-%s" % (
            c.rng.randint(1700000000000, 1719000000000), c.rng.randint(1000, 9999), prov)}
        if prov == "ebs.csi.aws.com":
            handle = "vol-0" + c.hexs(16)
        elif prov == "pd.csi.storage.gke.io":
            handle = "projects/%s/zones/%s/disks/%s" % (c.platform.get("project", "prod-data-4821"),
                                                          c.nodeinfo[node]["zone"], pvname)
        elif prov == "disk.csi.azure.com":
            handle = ("/subscriptions/%s/resourceGroups/%s/providers/Microsoft.Compute/disks/%s"
                      % (c.platform.get("sub", "00000000-0000-0000-0000-000000000000"),
                         c.platform.get("rg", "mc_rg_aks_westeurope"), pvname))
            attrs["requestedsizegib"] = size.rstrip("Gi")
            attrs["skuname"] = params.get("skuName", "StandardSSD_LRS")
        elif d.get("ceph"):
            iu = c.uid()
            handle = "0001-%04x-%s-0000000000000002-%s" % (len(d["ceph"]), d["ceph"], iu)
            attrs.update({"clusterID": d["ceph"], "imageFeatures": "layering",
                          "imageName": "csi-vol-" + iu, "journalPool": params.get("pool", "replicapool"),
                          "pool": params.get("pool", "replicapool")})
        elif d.get("cephfs"):
            iu = c.uid()
            handle = "0001-0009-rook-ceph-0000000000000001-" + iu
            attrs.update({"clusterID": "rook-ceph", "fsName": "myfs", "subvolumeName": "csi-vol-" + iu,
                          "subvolumePath": "/volumes/csi/csi-vol-%s/%s" % (iu, c.uid())})
        elif prov == "driver.longhorn.io":
            handle = pvname
            attrs.update({"dataLocality": params.get("dataLocality", "disabled"), "fsType": "ext4",
                          "numberOfReplicas": params.get("numberOfReplicas", "3"),
                          "staleReplicaTimeout": "30"})
        elif d.get("nfs"):
            handle = "%s#%s#%s##" % (params.get("server", "nfs.internal"), params.get("share", "/export"), pvname)
            attrs.update({"server": params.get("server", "nfs.internal"), "share": params.get("share", "/export"),
                          "subdir": pvname})
        else:
            handle = pvname
        src["csi"] = {"driver": prov, "volumeAttributes": attrs, "volumeHandle": handle}
        if not d.get("nfs") and not d.get("cephfs") and prov != "file.csi.azure.com":
            src["csi"]["fsType"] = params.get("csi.storage.k8s.io/fstype", "ext4")
        if d.get("ceph") or d.get("cephfs"):
            src["csi"]["controllerExpandSecretRef"] = {"name": d["prov_secret"], "namespace": d["secret_ns"]}
            src["csi"]["nodeStageSecretRef"] = {"name": d["node_secret"], "namespace": d["secret_ns"]}
        if d.get("topo") and node:
            aff = {"required": {"nodeSelectorTerms": [{"matchExpressions": [
                {"key": d["topo"], "operator": "In", "values": [c.nodeinfo[node]["zone"]]}]}]}}
    elif d.get("host"):
        src["hostPath"] = {"path": "%s/%s_%s_%s" % (d["host"], pvname, ns, claim) if "rancher" in d["host"] or "local-path" in d["host"]
                           else "%s/%s-%s-%s" % (d["host"], ns, claim, pvname), "type": "DirectoryOrCreate"}
        aff = {"required": {"nodeSelectorTerms": [{"matchExpressions": [
            {"key": "kubernetes.io/hostname", "operator": "In", "values": [node]}]}]}}
    elif d.get("local"):
        src["local"] = {"fsType": "", "path": "%s/%s" % (d["local"], pvname)}
        aff = {"required": {"nodeSelectorTerms": [{"matchExpressions": [
            {"key": "kubernetes.io/hostname", "operator": "In", "values": [node]}]}]}}
    elif d.get("nfs_subdir"):
        src["nfs"] = {"path": "%s/%s-%s-%s" % (c.platform.get("nfs_path", "/srv/nfs/k8s"), ns, claim, pvname),
                      "server": c.platform.get("nfs_server", "10.20.0.5")}
    return src, aff


def pvc(c, ns, name, size, scname, ago, labels=None, ann=None, access=("ReadWriteOnce",), node=None,
        bound=True, pv_ago=None, reclaim=None, owner=None, cap=None):
    """Create a PVC; when bound, also a dynamically provisioned PV. Returns (pvc, pv)."""
    sc = c.get("storageclasses", None, scname) if scname else None
    prov = sc["provisioner"] if sc else None
    a = dict(ann or {})
    if bound and sc:
        a["pv.kubernetes.io/bind-completed"] = "yes"
        a["pv.kubernetes.io/bound-by-controller"] = "yes"
    if sc and prov != "kubernetes.io/no-provisioner":
        a["volume.beta.kubernetes.io/storage-provisioner"] = prov
        a["volume.kubernetes.io/storage-provisioner"] = prov
        if sc.get("volumeBindingMode") == "WaitForFirstConsumer" and node:
            a["volume.kubernetes.io/selected-node"] = node
    o = c.new("persistentvolumeclaims", name, ns, ago, labels, a or None, owner,
              finalizers=["kubernetes.io/pvc-protection"])
    o["spec"] = {"accessModes": list(access), "resources": {"requests": {"storage": size}},
                 "volumeMode": "Filesystem"}
    if scname is not None:
        o["spec"]["storageClassName"] = scname
    if not bound:
        o["status"] = {"phase": "Pending"}
        return o, None
    pvname = "pvc-" + o["metadata"]["uid"]
    src, aff = _pv_source(c, prov, sc, pvname, ns, name, node, size)
    pa = {"pv.kubernetes.io/provisioned-by": prov}
    if DRIVERS.get(prov, {}).get("ceph"):
        pa["volume.kubernetes.io/provisioner-deletion-secret-name"] = DRIVERS[prov]["prov_secret"]
        pa["volume.kubernetes.io/provisioner-deletion-secret-namespace"] = DRIVERS[prov]["secret_ns"]
    fin = ["kubernetes.io/pv-protection"]
    if DRIVERS.get(prov, {}).get("csi"):
        fin.append("external-provisioner.volume.kubernetes.io/finalizer")
    pv = c.new("persistentvolumes", pvname, None, pv_ago if pv_ago is not None else ago - 3,
               None, pa, finalizers=fin)
    pv["spec"] = dict(src)
    pv["spec"].update({"accessModes": list(access), "capacity": {"storage": cap or size},
                       "persistentVolumeReclaimPolicy": reclaim or sc.get("reclaimPolicy", "Delete"),
                       "storageClassName": scname, "volumeMode": "Filesystem"})
    if sc.get("mountOptions"):
        pv["spec"]["mountOptions"] = list(sc["mountOptions"])
    if aff:
        pv["spec"]["nodeAffinity"] = aff
    bind(c, o, pv)
    return o, pv


def bind(c, claim, pv):
    md = claim["metadata"]
    pv["spec"]["claimRef"] = {"apiVersion": "v1", "kind": "PersistentVolumeClaim", "name": md["name"],
                              "namespace": md["namespace"], "resourceVersion": str(c.rng.randint(10000, 999999)),
                              "uid": md["uid"]}
    pv["status"] = {"phase": "Bound"}
    if c.minor >= 29:
        pv["status"]["lastPhaseTransitionTime"] = pv["metadata"]["creationTimestamp"]
    claim["spec"]["volumeName"] = pv["metadata"]["name"]
    claim["status"] = {"accessModes": list(pv["spec"]["accessModes"]),
                       "capacity": {"storage": pv["spec"]["capacity"]["storage"]}, "phase": "Bound"}


def static_pv(c, name, size, scname, ago, source, node=None, reclaim="Retain", access=("ReadWriteOnce",),
              labels=None, ann=None, phase="Available", claim_ref=None, phase_ago=None):
    o = c.new("persistentvolumes", name, None, ago, labels, ann, finalizers=["kubernetes.io/pv-protection"])
    spec = dict(source)
    spec.update({"accessModes": list(access), "capacity": {"storage": size},
                 "persistentVolumeReclaimPolicy": reclaim, "volumeMode": "Filesystem"})
    if scname:
        spec["storageClassName"] = scname
    if node:
        spec["nodeAffinity"] = {"required": {"nodeSelectorTerms": [{"matchExpressions": [
            {"key": "kubernetes.io/hostname", "operator": "In", "values": [node]}]}]}}
    if claim_ref:
        spec["claimRef"] = claim_ref
    o["spec"] = spec
    o["status"] = {"phase": phase}
    if c.minor >= 29:
        o["status"]["lastPhaseTransitionTime"] = c.ts(phase_ago if phase_ago is not None else ago)
    return o

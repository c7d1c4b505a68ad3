"""Storage add-ons: NFS subdir provisioner, OpenEBS LocalPV, OpenShift Data Foundation."""
from .core import D, H, M, crd_ref
from .k8s import namespace, cm, secret, helm_release, helm_labels, helm_ann
from .net import service
from .pods import ctr, tmpl, tcp, http, ex, VC, VS, VH, VE, MT, E, EF, ES, T, R
from .storage import storageclass
from .comps import comp_deploy, comp_ds, comp_sts, workers, cps, alln
from .stor_addons import *  # noqa: F401,F403
from .stor_addons2 import *  # noqa: F401,F403


def nfs_subdir(c, age, ns="nfs-provisioner", server="10.20.0.5", path="/srv/nfs/k8s", sc_name="nfs-client", default=False,
               release="nfs-subdir-external-provisioner", archive="true"):
    namespace(c, ns, age)
    helm_release(c, ns, release, 1, age - 5, age - 5)
    c.platform["nfs_server"] = server
    c.platform["nfs_path"] = path
    hl = (release, "nfs-subdir-external-provisioner", "4.0.18", "4.0.2")
    lab = helm_labels(*hl, name="nfs-subdir-external-provisioner", extra={"app": "nfs-subdir-external-provisioner", "release": release})
    r = comp_deploy(c, ns, release, "registry.k8s.io/sig-storage/nfs-subdir-external-provisioner:v4.0.2", 1, age - 5,
                    labels=lab, sa=release, cname="nfs-subdir-external-provisioner", req=None, strategy="Recreate",
                    env=[E("PROVISIONER_NAME", "cluster.local/nfs-subdir-external-provisioner"), E("NFS_SERVER", server),
                         E("NFS_PATH", path)], mounts=[MT("nfs-subdir-external-provisioner-root", "/persistentvolumes")],
                    vols=[{"name": "nfs-subdir-external-provisioner-root", "nfs": {"path": path, "server": server}}],
                    ann=helm_ann(release, ns))
    r["sc"] = storageclass(c, sc_name, "cluster.local/nfs-subdir-external-provisioner", age - 5,
                           {"archiveOnDelete": archive}, binding="Immediate", default=default, expand=True,
                           labels=lab, ann=helm_ann(release, ns), mount_opts=["nfsvers=4.1", "hard"])
    return r


def openebs_local(c, age, ns="openebs", base="/var/openebs/local"):
    namespace(c, ns, age)
    helm_release(c, ns, "openebs", 2, age - 5, age // 2)
    hl = ("openebs", "localpv-provisioner", "4.0.0", "4.0.0")
    r = comp_deploy(c, ns, "openebs-localpv-provisioner", "openebs/provisioner-localpv:4.0.0", 1, age - 5,
                    labels=helm_labels(*hl, name="localpv-provisioner", extra={"app": "localpv-provisioner", "component": "localpv-provisioner",
                                                                               "name": "openebs-localpv-provisioner", "openebs.io/component-name": "openebs-localpv-provisioner"}),
                    sa="openebs-localpv-provisioner", req=None, env=[E("OPENEBS_IO_BASE_PATH", base)], ann=helm_ann("openebs", ns))
    r["sc"] = storageclass(c, "openebs-hostpath", "openebs.io/local", age - 5, None, binding="WaitForFirstConsumer",
                           expand=None, ann={"cas.openebs.io/config": "- name: StorageType\n  value: \"hostpath\"\n- name: BasePath\n  value: \"%s\"\n" % base,
                                             "openebs.io/cas-type": "local"})
    return r


def odf(c, age, ns="openshift-storage", nodes=None):
    namespace(c, ns, age, {"openshift.io/cluster-monitoring": "true", "pod-security.kubernetes.io/enforce": "privileged"})
    nodes = nodes or workers(c)
    out = {}
    drv = "openshift-storage.rbd.csi.ceph.com"
    img = "registry.redhat.io/odf4/cephcsi-rhel9@sha256:" + c.hexs(64)
    for k in ("rook-csi-rbd-provisioner", "rook-csi-rbd-node"):
        secret(c, ns, k, ["userID", "userKey"], age - 30, typ="kubernetes.io/rook")
    out["rbdplugin"] = comp_ds(c, ns, "csi-rbdplugin", img, nodes, age - 20, labels={"app": "csi-rbdplugin"},
                               sa="rook-csi-rbd-plugin-sa", hostnet=True, pcn="system-node-critical", req=None, csc={"privileged": True},
                               extra_ctrs=[ctr("driver-registrar", "registry.redhat.io/openshift4/ose-csi-node-driver-registrar@sha256:" + c.hexs(64), req=None)])
    out["prov"] = comp_deploy(c, ns, "csi-rbdplugin-provisioner", img, 2, age - 20, labels={"app": "csi-rbdplugin-provisioner"},
                              sa="rook-csi-rbd-provisioner-sa", req=None, nodes=nodes, pcn="system-cluster-critical")
    out["ocs"] = comp_deploy(c, ns, "ocs-operator", "registry.redhat.io/odf4/ocs-rhel9-operator@sha256:" + c.hexs(64), 1, age - 15,
                             labels={"name": "ocs-operator"}, sa="ocs-operator", req=None, nodes=nodes)
    out["rook"] = comp_deploy(c, ns, "rook-ceph-operator", "registry.redhat.io/odf4/rook-ceph-rhel9-operator@sha256:" + c.hexs(64), 1, age - 15,
                              labels={"app": "rook-ceph-operator"}, sa="rook-ceph-system", req=None, nodes=nodes)
    for i, nd in enumerate(nodes[:3]):
        out["osd-%d" % i] = comp_deploy(c, ns, "rook-ceph-osd-%d" % i, "registry.redhat.io/rhceph/rhceph-7-rhel9@sha256:" + c.hexs(64), 1,
                                        age - 25, labels={"app": "rook-ceph-osd", "ceph-osd-id": str(i), "osd": str(i),
                                                          "rook_cluster": ns}, cname="osd", nodes=[nd], req=("2", "5Gi"),
                                        lim=("2", "5Gi"), owner=crd_ref(c, "ceph.rook.io/v1", "CephCluster", "ocs-storagecluster-cephcluster"),
                                        strategy="Recreate", nsel={"kubernetes.io/hostname": nd})
    out["sc"] = storageclass(c, "ocs-storagecluster-ceph-rbd", drv, age - 12,
                             {"clusterID": ns, "pool": "ocs-storagecluster-cephblockpool", "imageFormat": "2",
                              "imageFeatures": "layering,deep-flatten,exclusive-lock,object-map,fast-diff",
                              "csi.storage.k8s.io/fstype": "ext4",
                              "csi.storage.k8s.io/provisioner-secret-name": "rook-csi-rbd-provisioner",
                              "csi.storage.k8s.io/provisioner-secret-namespace": ns,
                              "csi.storage.k8s.io/node-stage-secret-name": "rook-csi-rbd-node",
                              "csi.storage.k8s.io/node-stage-secret-namespace": ns},
                             binding="Immediate", default=True, ann={"description": "Provides RWO Filesystem volumes, and RWO and RWX Block volumes"})
    return out

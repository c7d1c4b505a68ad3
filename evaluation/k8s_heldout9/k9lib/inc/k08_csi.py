"""k9-08 helpers: the ceph-csi-rbd Helm release (external Ceph)."""
from .common import *
from .k08 import FSID


def ceph_csi(c, age, Wk, cns):
    namespace(c, cns, age - 5 * D, {"pod-security.kubernetes.io/enforce": "privileged"})
    helm_release(c, cns, "ceph-csi-rbd", 2, age - 5 * D, 90 * D)
    hl = ("ceph-csi-rbd", "ceph-csi-rbd", "3.11.0", "3.11.0")
    ha = helm_ann("ceph-csi-rbd", cns)
    secret(c, cns, "csi-rbd-secret", ["userID", "userKey"], age - 5 * D, ann=ha)
    cm(c, cns, "ceph-csi-config", {"config.json": '[{"clusterID":"%s","monitors":["10.60.9.11:6789","10.60.9.12:6789","10.60.9.13:6789"]}]' % FSID},
       age - 5 * D, {"app": "ceph-csi-rbd", "chart": "ceph-csi-rbd-3.11.0", "component": "nodeplugin", "release": "ceph-csi-rbd"}, ha)
    cm(c, cns, "ceph-config", {"ceph.conf": "[global]\n  auth_cluster_required = cephx\n  auth_service_required = cephx\n  auth_client_required = cephx\n",
                               "keyring": ""}, age - 5 * D, None, ha)
    nlab = {"app": "ceph-csi-rbd", "chart": "ceph-csi-rbd-3.11.0", "component": "nodeplugin", "heritage": "Helm", "release": "ceph-csi-rbd"}
    np_ = comp_ds(c, cns, "ceph-csi-rbd-nodeplugin", "quay.io/cephcsi/cephcsi:v3.11.0", Wk, age - 5 * D, labels=nlab,
                  sa="ceph-csi-rbd-nodeplugin", cname="csi-rbdplugin", hostnet=True, pcn="system-node-critical",
                  args=["--nodeid=$(NODE_ID)", "--pluginpath=/var/lib/kubelet/plugins", "--stagingpath=/var/lib/kubelet/plugins/kubernetes.io/csi/",
                        "--type=rbd", "--nodeserver=true", "--pidlimit=-1", "--endpoint=$(CSI_ENDPOINT)", "--csi-addons-endpoint=$(CSI_ADDONS_ENDPOINT)",
                        "--drivername=rbd.csi.ceph.com"],
                  env=[EF("NODE_ID", "spec.nodeName"), E("CSI_ENDPOINT", "unix:///csi/csi.sock")], req=None, csc={"privileged": True,
                                                                                                                    "allowPrivilegeEscalation": True},
                  mounts=[MT("socket-dir", "/csi"), MT("plugin-dir", "/var/lib/kubelet/plugins"),
                          MT("ceph-csi-config", "/etc/ceph-csi-config/"), MT("ceph-config", "/etc/ceph/")],
                  vols=[VH("socket-dir", "/var/lib/kubelet/plugins/rbd.csi.ceph.com", "DirectoryOrCreate"),
                        VH("plugin-dir", "/var/lib/kubelet/plugins", "Directory"), VC("ceph-csi-config", "ceph-csi-config"),
                        VC("ceph-config", "ceph-config")],
                  extra_ctrs=[ctr("driver-registrar", "registry.k8s.io/sig-storage/csi-node-driver-registrar:v2.10.1",
                                  args=["--v=1", "--csi-address=/csi/csi.sock",
                                        "--kubelet-registration-path=/var/lib/kubelet/plugins/rbd.csi.ceph.com/csi.sock"],
                                  sc={"allowPrivilegeEscalation": True, "privileged": True}, mounts=[MT("socket-dir", "/csi")]),
                              ctr("liveness-prometheus", "quay.io/cephcsi/cephcsi:v3.11.0", [("metrics", 8680)],
                                  args=["--type=liveness", "--endpoint=$(CSI_ENDPOINT)", "--metricsport=8680", "--metricspath=/metrics"])],
                  ann=ha)
    plab = dict(nlab, component="provisioner")
    comp_deploy(c, cns, "ceph-csi-rbd-provisioner", "quay.io/cephcsi/cephcsi:v3.11.0", 3, age - 5 * D, labels=plab,
                sa="ceph-csi-rbd-provisioner", cname="csi-rbdplugin", req=None, nodes=Wk, ann=ha,
                extra_ctrs=[ctr(n, "registry.k8s.io/sig-storage/%s" % i) for n, i in
                            (("csi-provisioner", "csi-provisioner:v4.0.1"), ("csi-resizer", "csi-resizer:v1.10.1"),
                             ("csi-snapshotter", "csi-snapshotter:v7.0.2"), ("csi-attacher", "csi-attacher:v4.5.1"))],
                aff=anti_affinity({"app": "ceph-csi-rbd", "component": "provisioner"}, required=True))
    storageclass(c, "ceph-rbd", "rbd.csi.ceph.com", age - 5 * D,
                 {"clusterID": FSID, "pool": "k8s", "imageFeatures": "layering", "csi.storage.k8s.io/fstype": "ext4",
                  "csi.storage.k8s.io/provisioner-secret-name": "csi-rbd-secret", "csi.storage.k8s.io/provisioner-secret-namespace": cns,
                  "csi.storage.k8s.io/controller-expand-secret-name": "csi-rbd-secret",
                  "csi.storage.k8s.io/controller-expand-secret-namespace": cns,
                  "csi.storage.k8s.io/node-stage-secret-name": "csi-rbd-secret", "csi.storage.k8s.io/node-stage-secret-namespace": cns},
                 binding="Immediate", default=True, ann=ha, labels={"app": "ceph-csi-rbd", "chart": "ceph-csi-rbd-3.11.0",
                                                                   "heritage": "Helm", "release": "ceph-csi-rbd"})

"""Storage add-on: Rook-Ceph (more in stor_addons2/stor_addons3)."""
from .core import D, H, M, crd_ref
from .k8s import namespace, cm, secret, helm_release, helm_labels, helm_ann
from .net import service
from .pods import ctr, tmpl, tcp, http, ex, VC, VS, VH, VE, MT, E, EF, ES, T, R
from .storage import storageclass
from .comps import comp_deploy, comp_ds, comp_sts, workers, cps, alln


def rook_ceph(c, age, osd_nodes, ns="rook-ceph", ver="v1.14.5", ceph="v18.2.2", plugin_nodes=None, fs=False,
              plugin_tol=None, sc_name="ceph-block", default=True):
    namespace(c, ns, age)
    helm_release(c, ns, "rook-ceph", 3, age - 10, age // 3)
    helm_release(c, ns, "rook-ceph-cluster", 2, age - 20, age // 2)
    out = {}
    cimg = "quay.io/ceph/ceph:" + ceph
    out["op"] = comp_deploy(c, ns, "rook-ceph-operator", "docker.io/rook/ceph:" + ver, 1, age - 10,
                            labels={"app": "rook-ceph-operator", "helm.sh/chart": "rook-ceph-" + ver, "operator": "rook",
                                    "storage-backend": "ceph", "app.kubernetes.io/managed-by": "Helm"},
                            sa="rook-ceph-system", cname="rook-ceph-operator", args=["ceph", "operator"], req=("200m", "128Mi"),
                            lim=(None, "512Mi"), ann=helm_ann("rook-ceph", ns))
    for k in ("rook-csi-rbd-provisioner", "rook-csi-rbd-node", "rook-csi-cephfs-provisioner", "rook-csi-cephfs-node"):
        secret(c, ns, k, ["userID", "userKey"] if "rbd" in k else ["adminID", "adminKey"], age - 30, typ="kubernetes.io/rook")
    cm(c, ns, "rook-ceph-operator-config", {"CSI_ENABLE_RBD": "true", "CSI_ENABLE_CEPHFS": "true" if fs else "false",
                                            "CSI_PLUGIN_TOLERATIONS": "" if plugin_tol is None else plugin_tol,
                                            "ROOK_CSI_ENABLE_GRPC_METRICS": "false", "ROOK_LOG_LEVEL": "INFO"}, age - 11,
       {"app.kubernetes.io/managed-by": "Helm"}, helm_ann("rook-ceph", ns))
    drv = "%s.rbd.csi.ceph.com" % ns
    pn = plugin_nodes if plugin_nodes is not None else alln(c)
    ptol = [] if plugin_tol is None else plugin_tol_list(plugin_tol)
    out["rbdplugin"] = comp_ds(c, ns, "csi-rbdplugin", "quay.io/cephcsi/cephcsi:v3.11.0", pn, age - 25,
                               labels={"app": "csi-rbdplugin", "contains": "csi-rbdplugin-metrics"}, sa="rook-csi-rbd-plugin-sa",
                               hostnet=True, pcn="system-node-critical", cname="csi-rbdplugin", req=None, csc={"privileged": True},
                               args=["--nodeid=$(NODE_ID)", "--endpoint=$(CSI_ENDPOINT)", "--type=rbd", "--nodeserver=true",
                                     "--drivername=" + drv, "--pidlimit=-1"],
                               env=[EF("NODE_ID", "spec.nodeName"), E("CSI_ENDPOINT", "unix:///csi/csi.sock")],
                               extra_ctrs=[ctr("driver-registrar", "registry.k8s.io/sig-storage/csi-node-driver-registrar:v2.10.1",
                                               args=["--v=0", "--csi-address=/csi/csi.sock",
                                                     "--kubelet-registration-path=/var/lib/kubelet/plugins/%s/csi.sock" % drv],
                                               sc={"privileged": True}, req=None)],
                               tol=ptol or None, desired=None)
    pctr = [ctr(n, "registry.k8s.io/sig-storage/%s" % i, req=None) for n, i in
            (("csi-provisioner", "csi-provisioner:v4.0.1"), ("csi-resizer", "csi-resizer:v1.10.1"),
             ("csi-attacher", "csi-attacher:v4.5.1"), ("csi-snapshotter", "csi-snapshotter:v7.0.2"))]
    out["prov"] = comp_deploy(c, ns, "csi-rbdplugin-provisioner", "quay.io/cephcsi/cephcsi:v3.11.0", 2, age - 25,
                              labels={"app": "csi-rbdplugin-provisioner", "contains": "csi-rbdplugin-metrics"},
                              sa="rook-csi-rbd-provisioner-sa", cname="csi-rbdplugin", extra_ctrs=pctr, req=None,
                              pcn="system-cluster-critical", nodes=workers(c))
    mons = ["a", "b", "c"][:max(1, min(3, len(osd_nodes)))]
    for i, m in enumerate(mons):
        nd = osd_nodes[i % len(osd_nodes)]
        lab = {"app": "rook-ceph-mon", "app.kubernetes.io/component": "cephclusters.ceph.rook.io",
               "app.kubernetes.io/created-by": "rook-ceph-operator", "app.kubernetes.io/instance": m,
               "app.kubernetes.io/managed-by": "rook-ceph-operator", "app.kubernetes.io/name": "ceph-mon",
               "app.kubernetes.io/part-of": "rook-ceph", "ceph_daemon_id": m, "ceph_daemon_type": "mon", "mon": m,
               "mon_cluster": ns, "rook_cluster": ns}
        out["mon-" + m] = comp_deploy(c, ns, "rook-ceph-mon-" + m, cimg, 1, age - 30 - i * 60, labels=lab,
                                      owner=crd_ref(c, "ceph.rook.io/v1", "CephCluster", ns), cname="mon", nodes=[nd],
                                      ports=[("tcp-msgr1", 6789), ("tcp-msgr2", 3300)], req=("1", "1Gi"), lim=(None, "2Gi"),
                                      nsel={"kubernetes.io/hostname": nd}, pcn="system-node-critical",
                                      lp=ex(["env", "-i", "sh", "-c", "ceph --admin-daemon /run/ceph/ceph-mon.%s.asok mon_status" % m], d=10, t=5),
                                      svc=[("tcp-msgr1", 6789, 6789), ("tcp-msgr2", 3300, 3300)])
    lab = {"app": "rook-ceph-mgr", "ceph_daemon_id": "a", "ceph_daemon_type": "mgr", "instance": "a", "mgr": "a",
           "rook_cluster": ns, "app.kubernetes.io/name": "ceph-mgr", "app.kubernetes.io/part-of": "rook-ceph"}
    out["mgr"] = comp_deploy(c, ns, "rook-ceph-mgr-a", cimg, 1, age - 35, labels=lab, cname="mgr", sa="rook-ceph-mgr",
                             owner=crd_ref(c, "ceph.rook.io/v1", "CephCluster", ns), ports=[("mgr", 6800), ("http-metrics", 9283)],
                             req=("500m", "512Mi"), lim=(None, "1Gi"), pcn="system-cluster-critical", nodes=osd_nodes,
                             extra_ctrs=[ctr("watch-active", "docker.io/rook/ceph:" + ver, req=None)])
    for i, nd in enumerate(osd_nodes):
        lab = {"app": "rook-ceph-osd", "ceph-osd-id": str(i), "ceph_daemon_id": str(i), "ceph_daemon_type": "osd",
               "failure-domain": nd, "osd": str(i), "portable": "false", "rook_cluster": ns,
               "topology-location-host": nd.replace(".", "-"), "topology-location-root": "default",
               "app.kubernetes.io/name": "ceph-osd", "app.kubernetes.io/part-of": "rook-ceph"}
        out["osd-%d" % i] = comp_deploy(c, ns, "rook-ceph-osd-%d" % i, cimg, 1, age - 40 - i * 30, labels=lab, cname="osd",
                                        sa="rook-ceph-osd", owner=crd_ref(c, "ceph.rook.io/v1", "CephCluster", ns), nodes=[nd],
                                        req=("1", "4Gi"), lim=(None, "4Gi"), pcn="system-node-critical",
                                        nsel={"kubernetes.io/hostname": nd}, csc={"privileged": True},
                                        init=[ctr("activate", cimg, sc={"privileged": True}),
                                              ctr("expand-bluefs", cimg, sc={"privileged": True}),
                                              ctr("chown-container-data-dir", cimg, sc={"privileged": True})],
                                        strategy="Recreate")
    sc = storageclass(c, sc_name, drv, age - 45, {"clusterID": ns, "pool": "replicapool", "imageFormat": "2",
                                                  "imageFeatures": "layering",
                                                  "csi.storage.k8s.io/provisioner-secret-name": "rook-csi-rbd-provisioner",
                                                  "csi.storage.k8s.io/provisioner-secret-namespace": ns,
                                                  "csi.storage.k8s.io/controller-expand-secret-name": "rook-csi-rbd-provisioner",
                                                  "csi.storage.k8s.io/controller-expand-secret-namespace": ns,
                                                  "csi.storage.k8s.io/node-stage-secret-name": "rook-csi-rbd-node",
                                                  "csi.storage.k8s.io/node-stage-secret-namespace": ns,
                                                  "csi.storage.k8s.io/fstype": "ext4"},
                      binding="Immediate", default=default, ann=helm_ann("rook-ceph-cluster", ns),
                      labels={"app.kubernetes.io/managed-by": "Helm"})
    out["sc"] = sc
    return out


def plugin_tol_list(spec):
    out = []
    for part in [p for p in spec.split(";") if p]:
        k, eff = part.split(":")
        out.append({"effect": eff, "key": k, "operator": "Exists"})
    return out


from .stor_addons2 import *  # noqa: E402,F401,F403

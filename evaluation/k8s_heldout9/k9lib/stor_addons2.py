"""Storage add-on: Longhorn."""
from .core import D, H, M, crd_ref
from .k8s import namespace, cm, secret, helm_release, helm_labels, helm_ann
from .net import service
from .pods import ctr, tmpl, tcp, http, ex, VC, VS, VH, VE, MT, E, EF, ES, T, R
from .storage import storageclass
from .comps import comp_deploy, comp_ds, comp_sts, workers, cps, alln
from .stor_addons import *  # noqa: F401,F403


def longhorn(c, age, ns="longhorn-system", ver="v1.6.2", nodes=None, replicas="3", sc_params=None):
    namespace(c, ns, age)
    helm_release(c, ns, "longhorn", 3, age - 10, age // 3)
    hl = ("longhorn", "longhorn", ver.lstrip("v"), ver)
    ha = helm_ann("longhorn", ns)
    nodes = nodes or workers(c)
    out = {}
    out["mgr"] = comp_ds(c, ns, "longhorn-manager", "longhornio/longhorn-manager:" + ver, nodes, age - 10,
                         labels=helm_labels(*hl[:4], name="longhorn", extra={"app": "longhorn-manager"}), sa="longhorn-service-account",
                         cname="longhorn-manager", ports=[("manager", 9500), ("conversion-wh", 9501), ("admission-wh", 9502)],
                         rp=http("/v1/healthz", 9501, scheme="HTTPS"), csc={"privileged": True}, req=None, ann=ha,
                         extra_ctrs=[ctr("pre-pull-share-manager-image", "longhornio/longhorn-share-manager:" + ver, req=None)])
    out["csi"] = comp_ds(c, ns, "longhorn-csi-plugin", "longhornio/longhorn-manager:" + ver, nodes, age - 9,
                         labels={"app": "longhorn-csi-plugin"}, sa="longhorn-service-account", cname="longhorn-csi-plugin",
                         csc={"privileged": True}, req=None, hostnet=False,
                         extra_ctrs=[ctr("node-driver-registrar", "longhornio/csi-node-driver-registrar:v2.9.2", req=None),
                                     ctr("longhorn-liveness-probe", "longhornio/livenessprobe:v2.12.0", req=None)])
    out["eng"] = comp_ds(c, ns, "engine-image-ei-%s" % c.hexs(8), "longhornio/longhorn-engine:" + ver, nodes, age - 8,
                         labels={"app.kubernetes.io/instance": "longhorn", "app.kubernetes.io/name": "longhorn",
                                 "longhorn.io/component": "engine-image", "longhorn.io/engine-image": "ei-" + c.hexs(8)},
                         sa="longhorn-service-account", cname="engine-image-ei", csc={"privileged": True}, req=None,
                         owner=crd_ref(c, "longhorn.io/v1beta2", "EngineImage", "ei-" + c.hexs(8)))
    for comp, img, n in (("csi-attacher", "longhornio/csi-attacher:v4.5.1", 3), ("csi-provisioner", "longhornio/csi-provisioner:v3.6.4", 3),
                         ("csi-resizer", "longhornio/csi-resizer:v1.10.1", 3)):
        out[comp] = comp_deploy(c, ns, comp, img, min(n, len(nodes)), age - 8, labels={"app": comp}, sa="longhorn-service-account",
                                req=None, nodes=nodes, args=["--v=2", "--csi-address=$(ADDRESS)", "--leader-election"])
    out["ui"] = comp_deploy(c, ns, "longhorn-ui", "longhornio/longhorn-ui:" + ver, 2, age - 10,
                            labels=helm_labels(*hl[:4], name="longhorn", extra={"app": "longhorn-ui"}), sa="longhorn-ui-service-account",
                            ports=[("http", 8000)], req=None, ann=ha, svc=[("http", 80, "http")], svc_name="longhorn-frontend", nodes=nodes)
    out["drv"] = comp_deploy(c, ns, "longhorn-driver-deployer", "longhornio/longhorn-manager:" + ver, 1, age - 10,
                             labels=helm_labels(*hl[:4], name="longhorn", extra={"app": "longhorn-driver-deployer"}),
                             sa="longhorn-service-account", req=None, ann=ha, nodes=nodes,
                             init=[ctr("wait-longhorn-manager", "longhornio/longhorn-manager:" + ver, req=None)])
    p = {"dataLocality": "disabled", "fromBackup": "", "fsType": "ext4", "numberOfReplicas": replicas, "staleReplicaTimeout": "30"}
    p.update(sc_params or {})
    out["sc"] = storageclass(c, "longhorn", "driver.longhorn.io", age - 10, p, binding="Immediate", default=True, ann=ha,
                             labels={"app.kubernetes.io/instance": "longhorn", "app.kubernetes.io/name": "longhorn",
                                     "app.kubernetes.io/version": ver})
    cm(c, ns, "longhorn-storageclass", {"storageclass.yaml": "kind: StorageClass\napiVersion: storage.k8s.io/v1\nmetadata:\n  name: longhorn\n"}, age - 10,
       helm_labels(*hl[:4], name="longhorn"), ha)
    return out


from .stor_addons3 import *  # noqa: E402,F401,F403

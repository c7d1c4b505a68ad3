"""k9-20 helpers: Calico via tigera-operator and the vSphere CSI driver."""
from .common import *


def calico_vsphere(c, age, Wk, N):
    namespace(c, "tigera-operator", age - 300, {"name": "tigera-operator", "pod-security.kubernetes.io/enforce": "privileged"})
    comp_deploy(c, "tigera-operator", "tigera-operator", "quay.io/tigera/operator:v1.34.0", 1, age - 300,
                labels={"k8s-app": "tigera-operator", "name": "tigera-operator"}, sa="tigera-operator", hostnet=True,
                tol=[{"effect": "NoExecute", "operator": "Exists"}, {"effect": "NoSchedule", "operator": "Exists"}], req=None, nodes=N[:1],
                env=[E("WATCH_NAMESPACE", ""), E("OPERATOR_NAME", "tigera-operator")])
    cs = "calico-system"
    namespace(c, cs, age - 250, {"name": "calico-system", "pod-security.kubernetes.io/enforce": "privileged"})
    own = crd_ref(c, "operator.tigera.io/v1", "Installation", "default")
    comp_ds(c, cs, "calico-node", "docker.io/calico/node:v3.28.0", N, age - 250, labels={"app.kubernetes.io/name": "calico-node", "k8s-app": "calico-node"},
            sa="calico-node", hostnet=True, pcn="system-node-critical", req=None, csc={"privileged": True}, owner=dict(own),
            init=[ctr("flexvol-driver", "docker.io/calico/pod2daemon-flexvol:v3.28.0"), ctr("install-cni", "docker.io/calico/cni:v3.28.0")],
            rp=ex(["/bin/calico-node", "-bird-ready", "-felix-ready"], p=10, t=5), lp=http("/liveness", 9099, p=10, t=10, scheme="HTTP"),
            tol=[{"key": "CriticalAddonsOnly", "operator": "Exists"}, {"effect": "NoSchedule", "operator": "Exists"},
                 {"effect": "NoExecute", "operator": "Exists"}])
    comp_ds(c, cs, "csi-node-driver", "docker.io/calico/csi:v3.28.0", N, age - 250, labels={"app.kubernetes.io/name": "csi-node-driver", "k8s-app": "csi-node-driver"},
            sa="csi-node-driver", cname="calico-csi", req=None, csc={"privileged": True}, owner=dict(own),
            extra_ctrs=[ctr("csi-node-driver-registrar", "docker.io/calico/node-driver-registrar:v3.28.0", sc={"privileged": True})],
            tol=[{"key": "CriticalAddonsOnly", "operator": "Exists"}, {"effect": "NoSchedule", "operator": "Exists"},
                 {"effect": "NoExecute", "operator": "Exists"}])
    comp_deploy(c, cs, "calico-typha", "docker.io/calico/typha:v3.28.0", 2, age - 250, labels={"app.kubernetes.io/name": "calico-typha", "k8s-app": "calico-typha"},
                sa="calico-typha", hostnet=True, pcn="system-cluster-critical", req=None, owner=dict(own), nodes=Wk,
                ports=[("calico-typha", 5473)], rp=http("/readiness", 9098, p=10), lp=http("/liveness", 9098, p=10, t=10))
    comp_deploy(c, cs, "calico-kube-controllers", "docker.io/calico/kube-controllers:v3.28.0", 1, age - 250,
                labels={"app.kubernetes.io/name": "calico-kube-controllers", "k8s-app": "calico-kube-controllers"},
                sa="calico-kube-controllers", pcn="system-cluster-critical", req=None, owner=dict(own), nodes=Wk,
                rp=ex(["/usr/bin/check-status", "-r"], p=30, t=10), lp=ex(["/usr/bin/check-status", "-l"], d=10, p=60, t=10, f=6))
    vs = "vmware-system-csi"
    namespace(c, vs, age - 200, {"pod-security.kubernetes.io/enforce": "privileged"})
    secret(c, vs, "vsphere-config-secret", ["csi-vsphere.conf"], age - 200)
    comp_deploy(c, vs, "vsphere-csi-controller", "registry.k8s.io/csi-vsphere/driver:v3.3.0", 1, age - 200, labels={"app": "vsphere-csi-controller", "role": "vsphere-csi"},
                sa="vsphere-csi-controller", req=None, nodes=N[:1], nsel={"node-role.kubernetes.io/control-plane": ""},
                tol=[{"effect": "NoSchedule", "key": "node-role.kubernetes.io/control-plane", "operator": "Exists"}],
                extra_ctrs=[ctr(n, "registry.k8s.io/sig-storage/%s" % i) for n, i in (("csi-attacher", "csi-attacher:v4.5.1"),
                                                                                      ("csi-resizer", "csi-resizer:v1.10.1"),
                                                                                      ("csi-provisioner", "csi-provisioner:v4.0.1"))],
                vols=[VS("vsphere-config-volume", "vsphere-config-secret")], mounts=[MT("vsphere-config-volume", "/etc/cloud", True)])
    comp_ds(c, vs, "vsphere-csi-node", "registry.k8s.io/csi-vsphere/driver:v3.3.0", N, age - 200, labels={"app": "vsphere-csi-node", "role": "vsphere-csi"},
            sa="vsphere-csi-node", cname="vsphere-csi-node", hostnet=True, pcn="system-node-critical", req=None, csc={"privileged": True},
            extra_ctrs=[ctr("node-driver-registrar", "registry.k8s.io/sig-storage/csi-node-driver-registrar:v2.10.1"),
                        ctr("liveness-probe", "registry.k8s.io/sig-storage/livenessprobe:v2.12.0")], tol=[{"operator": "Exists"}])
    storageclass(c, "vsphere-ssd", "csi.vsphere.vmware.com", age - 200, {"storagepolicyname": "k8s-ssd-gold", "csi.storage.k8s.io/fstype": "ext4"},
                 default=True)

"""CNI add-ons."""
from .core import D, H, M
from .k8s import namespace, cm, secret
from .pods import ctr, tmpl, tcp, http, ex, VC, VS, VH, VE, MT, E, EF, ES, EC, T
from .comps import comp_deploy, comp_ds, workers, cps, alln

_CNI_INIT_DONE = None


def _init_done(names, pa):
    return {n: T(0, "Completed", pa - 2 - i, pa - 3 - i) for i, n in enumerate(names)}


def calico(c, ns="kube-system", ver="v3.27.3", operator=False, age=None):
    inits = ["upgrade-ipam", "install-cni", "mount-bpffs"]
    img = "docker.io/calico/%s:" + ver
    if operator:
        img = "docker.io/calico/%s:" + ver
    cm(c, ns, "calico-config", {"calico_backend": "bird", "cni_network_config": "{\n  \"name\": \"k8s-pod-network\",\n  \"cniVersion\": \"0.3.1\"\n}",
                                "typha_service_name": "none", "veth_mtu": "0"}, c.ago_of(c.get("namespaces", None, ns)) - 100)
    init = [ctr(n, img % ("cni" if n != "mount-bpffs" else "node"), sc={"privileged": True},
                cmd=["/opt/cni/bin/calico-ipam", "-upgrade"] if n == "upgrade-ipam" else
                (["/opt/cni/bin/install"] if n == "install-cni" else ["calico-node", "-init", "-best-effort"]))
            for n in inits]
    r = comp_ds(c, ns, "calico-node", img % "node", alln(c), labels={"k8s-app": "calico-node"}, sa="calico-node",
                hostnet=True, pcn="system-node-critical", init=init, req=("250m", None),
                env=[E("DATASTORE_TYPE", "kubernetes"), E("WAIT_FOR_DATASTORE", "true"), EF("NODENAME", "spec.nodeName"),
                     EC("CALICO_NETWORKING_BACKEND", "calico-config", "calico_backend"), E("CLUSTER_TYPE", "k8s,bgp"),
                     E("IP", "autodetect"), E("CALICO_IPV4POOL_IPIP", "Always"), E("FELIX_HEALTHENABLED", "true")],
                lp=ex(["/bin/calico-node", "-felix-live", "-bird-live"], d=10, p=10, t=10, f=6),
                rp=ex(["/bin/calico-node", "-felix-ready", "-bird-ready"], p=10, t=10),
                mounts=[MT("lib-modules", "/lib/modules", True), MT("var-run-calico", "/var/run/calico"),
                        MT("var-lib-calico", "/var/lib/calico"), MT("cni-net-dir", "/host/etc/cni/net.d")],
                vols=[VH("lib-modules", "/lib/modules"), VH("var-run-calico", "/var/run/calico", "DirectoryOrCreate"),
                      VH("var-lib-calico", "/var/lib/calico", "DirectoryOrCreate"), VH("cni-net-dir", "/etc/cni/net.d")],
                tol=[{"effect": "NoSchedule", "operator": "Exists"}, {"key": "CriticalAddonsOnly", "operator": "Exists"},
                     {"effect": "NoExecute", "operator": "Exists"}], csc={"privileged": True},
                st=None)
    for p in r["pods"]:
        pa = c.ago_of(p)
        for i, s in enumerate(p["status"].get("initContainerStatuses", [])):
            pass
    k = comp_deploy(c, ns, "calico-kube-controllers", img % "kube-controllers", 1, labels={"k8s-app": "calico-kube-controllers"},
                    sa="calico-kube-controllers", pcn="system-cluster-critical", nodes=cps(c) or workers(c),
                    env=[E("ENABLED_CONTROLLERS", "node"), E("DATASTORE_TYPE", "kubernetes")],
                    lp=ex(["/usr/bin/check-status", "-l"], d=10, p=10, t=10, f=6),
                    rp=ex(["/usr/bin/check-status", "-r"], p=10), req=None,
                    tol=[{"key": "CriticalAddonsOnly", "operator": "Exists"},
                         {"effect": "NoSchedule", "key": "node-role.kubernetes.io/master"},
                         {"effect": "NoSchedule", "key": "node-role.kubernetes.io/control-plane"}])
    return r, k


def cilium(c, ver="v1.15.6", kpr=False, envoy=False, hubble=False):
    ns = "kube-system"
    nsago = c.ago_of(c.get("namespaces", None, ns))
    cm(c, ns, "cilium-config", {"cluster-name": "default", "cluster-pool-ipv4-cidr": "10.0.0.0/8",
                                "ipam": "kubernetes" if c.platform["name"] == "talos" else "cluster-pool",
                                "kube-proxy-replacement": "true" if kpr else "false", "tunnel-protocol": "vxlan",
                                "enable-hubble": "true" if hubble else "false", "enable-ipv4": "true"}, nsago - 200)
    inits = ["config", "mount-cgroup", "apply-sysctl-overwrites", "mount-bpf-fs", "clean-cilium-state",
             "install-cni-binaries"]
    img = "quay.io/cilium/cilium:%s@sha256:%s" % (ver, c.hexs(64))
    init = [ctr(n, img, cmd=["cilium-dbg", "build-config"] if n == "config" else ["sh", "-ec", "true"],
                sc={"privileged": True} if n != "config" else None) for n in inits]
    r = comp_ds(c, ns, "cilium", img, alln(c), labels={"k8s-app": "cilium", "app.kubernetes.io/name": "cilium-agent",
                                                          "app.kubernetes.io/part-of": "cilium"},
                sa="cilium", hostnet=True, pcn="system-node-critical", init=init, cname="cilium-agent", req=None,
                cmd=["cilium-agent"], args=["--config-dir=/tmp/cilium/config-map"],
                env=[EF("K8S_NODE_NAME", "spec.nodeName"), EF("CILIUM_K8S_NAMESPACE", "metadata.namespace")],
                lp=http("/healthz", 9879, p=30, t=5, f=10), rp=http("/healthz", 9879, p=30, t=5, f=3),
                sp=http("/healthz", 9879, p=2, f=105),
                mounts=[MT("bpf-maps", "/sys/fs/bpf"), MT("cilium-run", "/var/run/cilium"), MT("lib-modules", "/lib/modules", True)],
                vols=[VH("bpf-maps", "/sys/fs/bpf", "DirectoryOrCreate"), VH("cilium-run", "/var/run/cilium", "DirectoryOrCreate"),
                      VH("lib-modules", "/lib/modules")],
                tol=[{"operator": "Exists"}])
    op = comp_deploy(c, ns, "cilium-operator", "quay.io/cilium/operator-generic:%s@sha256:%s" % (ver, c.hexs(64)),
                     2 if len(c.nodeinfo) > 2 else 1, labels={"io.cilium/app": "operator", "name": "cilium-operator",
                                                              "app.kubernetes.io/name": "cilium-operator",
                                                              "app.kubernetes.io/part-of": "cilium"},
                     sa="cilium-operator", hostnet=True, pcn="system-cluster-critical", req=None,
                     cmd=["cilium-operator-generic"], args=["--config-dir=/tmp/cilium/config-map", "--debug=$(CILIUM_DEBUG)"],
                     lp=http("/healthz", 9234, d=60, p=10, t=3), rp=http("/healthz", 9234, p=5, t=3, f=5),
                     tol=[{"operator": "Exists"}], nodes=alln(c), cname="cilium-operator")
    out = {"agent": r, "operator": op}
    if envoy:
        out["envoy"] = comp_ds(c, ns, "cilium-envoy", "quay.io/cilium/cilium-envoy:v1.29.7-%s" % c.hexs(40), alln(c),
                               labels={"k8s-app": "cilium-envoy", "app.kubernetes.io/name": "cilium-envoy",
                                       "app.kubernetes.io/part-of": "cilium"}, sa="cilium-envoy", hostnet=True,
                               pcn="system-node-critical", req=None, tol=[{"operator": "Exists"}],
                               lp=http("/healthz", 9878, p=30, t=5, f=10), rp=http("/healthz", 9878, p=30, t=5))
    if hubble:
        out["relay"] = comp_deploy(c, ns, "hubble-relay", "quay.io/cilium/hubble-relay:%s" % ver, 1,
                                   labels={"k8s-app": "hubble-relay", "app.kubernetes.io/name": "hubble-relay",
                                           "app.kubernetes.io/part-of": "cilium"}, sa="hubble-relay",
                                   ports=[("grpc", 4245, "TCP")], rp=tcp("grpc"), lp=tcp("grpc"), req=None,
                                   svc=[(None, 80, "grpc")])
    return out


def flannel(c, ver="v0.25.1", age=None):
    ns = "kube-flannel"
    namespace(c, ns, age or c.ago_of(c.get("namespaces", None, "kube-system")) - 300,
              {"pod-security.kubernetes.io/enforce": "privileged", "k8s-app": "flannel"})
    cm(c, ns, "kube-flannel-cfg", {"cni-conf.json": "{\n  \"name\": \"cbr0\",\n  \"cniVersion\": \"0.3.1\"\n}\n",
                                   "net-conf.json": "{\n  \"Network\": \"10.244.0.0/16\",\n  \"Backend\": {\n    \"Type\": \"vxlan\"\n  }\n}\n"},
       c.ago_of(c.get("namespaces", None, ns)) - 2, {"app": "flannel", "k8s-app": "flannel", "tier": "node"})
    init = [ctr("install-cni-plugin", "docker.io/flannel/flannel-cni-plugin:v1.4.1-flannel1", cmd=["cp"],
                args=["-f", "/flannel", "/opt/cni/bin/flannel"]),
            ctr("install-cni", "docker.io/flannel/flannel:" + ver, cmd=["cp"],
                args=["-f", "/etc/kube-flannel/cni-conf.json", "/etc/cni/net.d/10-flannel.conflist"])]
    return comp_ds(c, ns, "kube-flannel-ds", "docker.io/flannel/flannel:" + ver, alln(c),
                   labels={"app": "flannel", "k8s-app": "flannel", "tier": "node"}, sa="flannel", hostnet=True,
                   pcn="system-node-critical", init=init, cname="kube-flannel", req=("100m", "50Mi"),
                   cmd=["/opt/bin/flanneld"], args=["--ip-masq", "--kube-subnet-mgr"],
                   env=[EF("POD_NAME", "metadata.name"), EF("POD_NAMESPACE", "metadata.namespace"),
                        E("EVENT_QUEUE_DEPTH", "5000")],
                   mounts=[MT("run", "/run/flannel"), MT("flannel-cfg", "/etc/kube-flannel/"), MT("xtables-lock", "/run/xtables.lock")],
                   vols=[VH("run", "/run/flannel"), VC("flannel-cfg", "kube-flannel-cfg"),
                         VH("xtables-lock", "/run/xtables.lock", "FileOrCreate")],
                   tol=[{"effect": "NoSchedule", "operator": "Exists"}],
                   csc={"capabilities": {"add": ["NET_ADMIN", "NET_RAW"]}, "privileged": False})

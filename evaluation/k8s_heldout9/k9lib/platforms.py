"""Platform profiles, nodes, kubernetes Service, static control-plane pods (DNS/proxy in platforms2)."""
from .core import D, H, M, dc, oref
from .k8s import namespace, node, cm, secret, sa as mksa, taint, fake_pem
from .net import service
from .pods import ctr, tmpl, tcp, http, ex, VC, VS, VH, VE, MT, E, EF, R
from .podinst import pod
from .comps import comp_deploy, comp_ds, workers, cps, alln

PROFILES = {
    "kubeadm": dict(version="v1.29.6", runtime="containerd://1.7.18", os="Ubuntu 22.04.4 LTS",
                    kernel="5.15.0-112-generic", svc=("10.96.", 2),
                    node_ann={"kubeadm.alpha.kubernetes.io/cri-socket": "unix:///var/run/containerd/containerd.sock"}),
    "k3s": dict(version="v1.29.5+k3s1", runtime="containerd://1.7.15-k3s1", os="Ubuntu 22.04.4 LTS",
                kernel="5.15.0-107-generic", svc=("10.43.", 2), cni="flannel", master_label=True,
                node_ann={"flannel.alpha.coreos.com/backend-type": "vxlan", "k3s.io/node-args": "[\"server\"]"}),
    "rke2": dict(version="v1.28.10+rke2r1", runtime="containerd://1.7.17-k3s1",
                 os="Rocky Linux 9.4 (Blue Onyx)", kernel="5.14.0-427.16.1.el9_4.x86_64", svc=("10.43.", 2),
                 cni="canal", etcd_label=True, master_label=True,
                 node_ann={"rke2.io/node-args": "[\"server\"]", "rke2.io/hostname": ""}),
    "openshift": dict(version="v1.28.10+a2c84a5", runtime="cri-o://1.28.7-5.rhaos4.15.git2c1d4ea.el9",
                      os="Red Hat Enterprise Linux CoreOS 415.92.202406111137-0 (Plow)",
                      kernel="5.14.0-284.67.1.el9_2.x86_64", svc=("172.30.", 2), cni="ovn", master_label=True,
                      worker_label=True, node_ann={"machineconfiguration.openshift.io/state": "Done"}),
    "eks": dict(version="v1.29.3-eks-ae9a62a", runtime="containerd://1.7.11", os="Amazon Linux 2",
                kernel="5.10.217-205.860.amzn2.x86_64", svc=("172.20.", 2), cni="vpc",
                node_ann={"alpha.kubernetes.io/provided-node-ip": ""}),
    "gke": dict(version="v1.29.4-gke.1043002", runtime="containerd://1.7.13",
                os="Container-Optimized OS from Google", kernel="6.1.75+", svc=("34.118.", 2), cni="dpv2",
                node_ann={"container.googleapis.com/instance_id": ""}),
    "aks": dict(version="v1.29.4", runtime="containerd://1.7.15-1", os="Ubuntu 22.04.4 LTS",
                kernel="5.15.0-1064-azure", svc=("10.0.", 2), cni="azure",
                node_ann={"node.alpha.kubernetes.io/ttl": "0"}),
    "talos": dict(version="v1.30.1", runtime="containerd://1.7.16", os="Talos (v1.7.4)",
                  kernel="6.6.32-talos", svc=("10.96.", 2), cni="cilium",
                  node_ann={"talos.dev/owned-labels": "[]"}),
    "microk8s": dict(version="v1.30.1", runtime="containerd://1.6.28", os="Ubuntu 22.04.4 LTS",
                     kernel="5.15.0-107-generic", svc=("10.152.183.", 1), cni="calico",
                     node_ann={}),
}

COREFILE = """.:53 {
    errors
    health {
       lameduck 5s
    }
    ready
    kubernetes cluster.local in-addr.arpa ip6.arpa {
       pods insecure
       fallthrough in-addr.arpa ip6.arpa
       ttl 30
    }
    prometheus :9153
    forward . /etc/resolv.conf {
       max_concurrent 1000
    }
    cache 30
    loop
    reload
    loadbalance
}
"""


def profile(name, **kw):
    p = dict(PROFILES[name])
    p["name"] = name
    p.update(kw)
    return p


def svc_fixed(c, last):
    pre, n = c.platform["svc"]
    return ("0." + last) if n == 2 and pre.count(".") == 2 else last


def sysns(c, age, extra_public=True):
    for n in ("default", "kube-system", "kube-public", "kube-node-lease"):
        namespace(c, n, age)
    if extra_public:
        cm(c, "kube-public", "cluster-info", {"kubeconfig": "apiVersion: v1\nclusters:\n- cluster:\n    certificate-authority-data: "
                                              + fake_pem(c, "ci")[28:90].replace("\n", "") + "\n    server: https://"
                                              + c.platform.get("api_host", "10.0.0.10:6443") + "\n  name: \"\"\ncontexts: null\n"
                                              "current-context: \"\"\nkind: Config\npreferences: {}\nusers: null\n"}, age - 30)


def mk_nodes(c, specs, pod_net=None):
    """specs: dicts with name, ip, role, ago and optional zone, cpu, mem, labels, taints, itype, pool, csi."""
    out = []
    cpn = [s["name"] for s in specs if s.get("role") in ("control-plane", "master")]
    if cpn and "sched_inst" not in c.platform:
        c.platform["sched_inst"] = "default-scheduler-" + cpn[0]
    for i, s in enumerate(specs):
        pool = s.get("pool")
        if pool is None:
            if c.platform.get("cni") in ("vpc", "azure") and not pod_net:
                pre = s["ip"].rsplit(".", 1)[0] + "."
                pool = (pre, 20, 250)
            else:
                net = pod_net or "10.244."
                pool = (net + "%d." % s.get("cidr_idx", i), 2, 254)
        cidr = None if c.platform.get("cni") in ("vpc", "azure") else pool[0] + "0/24"
        role = s.get("role", "worker")
        tnt = s.get("taints")
        if tnt is None and role in ("control-plane", "master") and not s.get("no_cp_taint"):
            tnt = [taint("node-role.kubernetes.io/control-plane", "NoSchedule")]
            if c.platform.get("master_label") and c.platform["name"] == "openshift":
                tnt = [taint("node-role.kubernetes.io/master", "NoSchedule")]
        out.append(node(c, s["name"], s["ip"], pool, s["ago"], role, s.get("zone"), s.get("region"),
                        s.get("cpu", 8), s.get("mem", 32), s.get("max_pods", 110), s.get("labels"), s.get("ann"),
                        tnt, s.get("itype"), s.get("provider_id"), s.get("unschedulable", False),
                        s.get("conditions"), cidr, s.get("csi"), s.get("ready_since")))
    return out


def kubernetes_svc(c, ips, port, ago):
    s = service(c, "default", "kubernetes", None, [("https", 443, port)], ago,
                {"component": "apiserver", "provider": "kubernetes"}, fixed_ip=svc_fixed(c, "1"))
    c.hint(s, manual=True, no_mirror=True)
    ep = c.new("endpoints", "kubernetes", "default", ago, {"endpointslice.kubernetes.io/skip-mirror": "true"})
    ep["subsets"] = [{"addresses": [{"ip": i} for i in ips], "ports": [{"name": "https", "port": port, "protocol": "TCP"}]}]
    sl = c.new("endpointslices", "kubernetes", "default", ago, {"kubernetes.io/service-name": "kubernetes"})
    sl["addressType"] = "IPv4"
    sl["endpoints"] = [{"addresses": [i], "conditions": {"ready": True}} for i in ips]
    sl["ports"] = [{"name": "https", "port": port, "protocol": "TCP"}]


def static_pod(c, comp, nd, image, ago, cmd, port=None, probe_path="/livez", scheme="HTTPS", host_mounts=(),
               extra_ann=None, req=("250m", None), st=None):
    node_obj = c.get("nodes", None, nd)
    ip = c.nodeinfo[nd]["ip"]
    a = {"kubernetes.io/config.hash": c.hexs(32), "kubernetes.io/config.mirror": c.hexs(32),
         "kubernetes.io/config.seen": c.ts(ago + 5)[:-1] + ".%09d" % c.rng.randint(0, 999999999) + "Z",
         "kubernetes.io/config.source": "file"}
    a.update(extra_ann or {})
    mounts = [MT(n, p, ro) for n, p, ro in host_mounts]
    vols = [VH(n, p, "DirectoryOrCreate") for n, p, _ in host_mounts]
    lp = http(probe_path, port, d=10, p=10, t=15, f=8, scheme=scheme) if port else None
    cc = ctr(comp, image, req=req, cmd=cmd, mounts=mounts, lp=lp)
    t = tmpl({"component": comp, "tier": "control-plane"}, [cc], volumes=vols, hostnet=True,
             pcn="system-node-critical", psc={"seccompProfile": {"type": "RuntimeDefault"}})
    t["spec"]["dnsPolicy"] = "ClusterFirst"
    ref = {"apiVersion": "v1", "controller": True, "kind": "Node", "name": nd, "uid": node_obj["metadata"]["uid"]}
    return pod(c, "kube-system", "%s-%s" % (comp, nd), t, nd, ref, ago, st, ann=a, static=True)


def control_plane_static(c, ver, etcd=True, img_reg="registry.k8s.io", etcd_ver="3.5.12-0", extra=()):
    for nd in cps(c):
        ip = c.nodeinfo[nd]["ip"]
        nago = c.ago_of(c.get("nodes", None, nd)) - 40
        pa = min(nago, c.rng.randint(5 * D, 40 * D))
        if etcd:
            static_pod(c, "etcd", nd, "%s/etcd:%s" % (img_reg, etcd_ver), pa,
                       ["etcd", "--advertise-client-urls=https://%s:2379" % ip, "--data-dir=/var/lib/etcd",
                        "--name=%s" % nd], 2381, "/health?exclude=NOSPACE&serializable=true", "HTTP",
                       [("etcd-data", "/var/lib/etcd", False), ("etcd-certs", "/etc/kubernetes/pki/etcd", False)],
                       {"kubeadm.kubernetes.io/etcd.advertise-client-urls": "https://%s:2379" % ip}, ("100m", "100Mi"))
        static_pod(c, "kube-apiserver", nd, "%s/kube-apiserver:%s" % (img_reg, ver), pa - 2,
                   ["kube-apiserver", "--advertise-address=%s" % ip, "--allow-privileged=true",
                    "--authorization-mode=Node,RBAC", "--enable-admission-plugins=NodeRestriction",
                    "--secure-port=6443", "--service-cluster-ip-range=%s" % c.platform.get("svc_cidr", "10.96.0.0/12")],
                   6443, "/livez", "HTTPS", [("k8s-certs", "/etc/kubernetes/pki", True)],
                   {"kubeadm.kubernetes.io/kube-apiserver.advertise-address.endpoint": "%s:6443" % ip})
        static_pod(c, "kube-controller-manager", nd, "%s/kube-controller-manager:%s" % (img_reg, ver), pa - 3,
                   ["kube-controller-manager", "--allocate-node-cidrs=true", "--leader-elect=true",
                    "--use-service-account-credentials=true"], 10257, "/healthz", "HTTPS",
                   [("k8s-certs", "/etc/kubernetes/pki", True)], None, ("200m", None))
        static_pod(c, "kube-scheduler", nd, "%s/kube-scheduler:%s" % (img_reg, ver), pa - 3,
                   ["kube-scheduler", "--authentication-kubeconfig=/etc/kubernetes/scheduler.conf",
                    "--leader-elect=true"], 10259, "/healthz", "HTTPS",
                   [("kubeconfig", "/etc/kubernetes/scheduler.conf", True)], None, ("100m", None))
        for comp, img in extra:
            static_pod(c, comp, nd, img, pa - 4, [comp], None)


from .platforms2 import *  # noqa: E402,F401,F403

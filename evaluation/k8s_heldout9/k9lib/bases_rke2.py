"""Platform base cluster: RKE2."""
from .core import D, H, M, crd_ref
from .k8s import namespace, cm, secret, sa as mksa, fake_pem
from .net import service
from .pods import ctr, tmpl, tcp, http, ex, VC, VS, VH, VE, MT, E, EF, ES, T, R
from .storage import storageclass
from .workloads import job
from .comps import comp_deploy, comp_ds, workers, cps, alln
from .platforms import (sysns, mk_nodes, kubernetes_svc, control_plane_static, coredns, kube_proxy,
                        metrics_server, COREFILE)
from . import cni
from .bases import *  # noqa: F401,F403
from .bases import _helm_job, _ver  # noqa: F401
from .bases_rancher import *  # noqa: F401,F403


def rke2_base(c, specs, age, pod_net="10.42.", ingress=True):
    sysns(c, age)
    for s in specs:
        s.setdefault("labels", {})
        if s.get("role") in ("control-plane", "master"):
            s["labels"]["node-role.kubernetes.io/etcd"] = "true"
            s["labels"]["node-role.kubernetes.io/master"] = "true"
            s.setdefault("no_cp_taint", True)
        s.setdefault("ann", {})
        s["ann"].update({"rke2.io/hostname": s["name"], "rke2.io/internal-ip": s["ip"],
                         "rke2.io/node-config-hash": c.hexs(52).upper() + "====",
                         "flannel.alpha.coreos.com/backend-type": "vxlan", "flannel.alpha.coreos.com/public-ip": s["ip"]})
    mk_nodes(c, specs, pod_net)
    kubernetes_svc(c, [c.nodeinfo[n]["ip"] for n in cps(c)], 6443, age - 10)
    ver = _ver(c)
    kimg = "index.docker.io/rancher/hardened-kubernetes:%s-rke2r1-build20240514" % ver
    for nd in cps(c):
        from .platforms import static_pod
        ip = c.nodeinfo[nd]["ip"]
        pa = min(c.ago_of(c.get("nodes", None, nd)) - 30, c.rng.randint(4 * D, 30 * D))
        static_pod(c, "etcd", nd, "index.docker.io/rancher/hardened-etcd:v3.5.13-k3s1-build20240531", pa,
                   ["etcd", "--config-file=/var/lib/rancher/rke2/server/db/etcd/config"], 2381, "/health", "HTTP",
                   [("dir0", "/var/lib/rancher/rke2/server/db/etcd", False)], None, ("200m", "512Mi"))
        for comp in ("kube-apiserver", "kube-controller-manager", "kube-scheduler", "cloud-controller-manager"):
            img = kimg if comp != "cloud-controller-manager" else "index.docker.io/rancher/rke2-cloud-provider:v1.29.3-build20240515"
            port = {"kube-apiserver": 6443, "kube-controller-manager": 10257, "kube-scheduler": 10259,
                    "cloud-controller-manager": 10258}[comp]
            static_pod(c, comp, nd, img, pa - 2, [comp], port, "/livez" if comp == "kube-apiserver" else "/healthz",
                       "HTTPS", [("dir0", "/var/lib/rancher/rke2/server/tls", True)])
    for nd in alln(c):
        from .platforms import static_pod
        pa = min(c.ago_of(c.get("nodes", None, nd)) - 30, c.rng.randint(4 * D, 30 * D))
        p = static_pod(c, "kube-proxy", nd, kimg, pa - 5, ["kube-proxy", "--cluster-cidr=10.42.0.0/16"], 10256,
                       "/healthz", "HTTP", [("file0", "/var/lib/rancher/rke2/agent/kubeproxy.kubeconfig", True)])
        p["metadata"]["labels"] = {"component": "kube-proxy", "tier": "control-plane"}
    out = {}
    jobs = ["rke2-canal", "rke2-coredns", "rke2-metrics-server", "rke2-snapshot-controller",
            "rke2-snapshot-controller-crd", "rke2-snapshot-validation-webhook"] + (["rke2-ingress-nginx"] if ingress else [])
    for i, j in enumerate(jobs):
        _helm_job(c, "helm-install-" + j, age - 50 - 3 * i, cps(c)[0], "rancher/klipper-helm:v0.8.3-build20240228")
    init = [ctr("install-cni", "index.docker.io/rancher/hardened-calico:v3.27.3-build20240423",
                cmd=["/opt/cni/bin/install"], sc={"privileged": True}),
            ctr("flexvol-driver", "index.docker.io/rancher/hardened-calico:v3.27.3-build20240423",
                sc={"privileged": True})]
    hl = ("rke2-canal", "rke2-canal", "v3.27.3-build2024042301", "v3.27.3")
    out["canal"] = comp_ds(c, "kube-system", "rke2-canal", "index.docker.io/rancher/hardened-calico:v3.27.3-build20240423", alln(c),
                           labels={"k8s-app": "canal"}, sa="canal", hostnet=True, pcn="system-node-critical",
                           init=init, cname="calico-node", req=("250m", None), csc={"privileged": True},
                           extra_ctrs=[ctr("kube-flannel", "index.docker.io/rancher/hardened-flannel:v0.25.1-build20240423",
                                           cmd=["/opt/bin/flanneld", "--ip-masq", "--kube-subnet-mgr"],
                                           sc={"capabilities": {"add": ["NET_ADMIN", "NET_RAW"]}, "privileged": False})],
                           rp=http("/readiness", 9099, p=10, t=1), lp=http("/liveness", 9099, d=10, p=10, t=10, f=6),
                           tol=[{"effect": "NoSchedule", "operator": "Exists"}, {"key": "CriticalAddonsOnly", "operator": "Exists"},
                                {"effect": "NoExecute", "operator": "Exists"}])
    hl = ("rke2-coredns", "rke2-coredns", "1.29.002", "1.11.1", "rke2-coredns")
    lab = {"app.kubernetes.io/instance": "rke2-coredns", "app.kubernetes.io/name": "rke2-coredns", "k8s-app": "kube-dns"}
    out["dns"] = coredns(c, name="rke2-coredns-rke2-coredns", image="rancher/hardened-coredns:v1.11.1-build20240305", n=2,
                         svc_name="rke2-coredns-rke2-coredns", labels=lab, nodes=alln(c))
    out["dnsauto"] = comp_deploy(c, "kube-system", "rke2-coredns-rke2-coredns-autoscaler",
                                 "rancher/hardened-cluster-autoscaler:v1.8.10-build20240124", 1,
                                 labels={"app.kubernetes.io/instance": "rke2-coredns", "app.kubernetes.io/name": "rke2-coredns-autoscaler",
                                         "k8s-app": "kube-dns-autoscaler"}, sa="rke2-coredns-rke2-coredns-autoscaler",
                                 nodes=alln(c), cname="autoscaler", req=("20m", "10Mi"), pcn="system-cluster-critical")
    out["ms"] = metrics_server(c, image="rancher/hardened-k8s-metrics-server:v0.7.1-build20240401", name="rke2-metrics-server",
                               labels={"app": "rke2-metrics-server", "release": "rke2-metrics-server"})
    out["snap"] = comp_deploy(c, "kube-system", "rke2-snapshot-controller", "rancher/hardened-snapshot-controller:v6.2.1-build20231009", 1,
                              labels={"app.kubernetes.io/name": "rke2-snapshot-controller", "app.kubernetes.io/instance": "rke2-snapshot-controller"},
                              sa="rke2-snapshot-controller", nodes=alln(c), cname="rke2-snapshot-controller", req=None)
    out["snapwh"] = comp_deploy(c, "kube-system", "rke2-snapshot-validation-webhook",
                                "rancher/hardened-snapshot-controller:v6.2.1-build20231009", 1,
                                labels={"app.kubernetes.io/name": "rke2-snapshot-validation-webhook",
                                        "app.kubernetes.io/instance": "rke2-snapshot-validation-webhook"},
                                sa="rke2-snapshot-validation-webhook", nodes=alln(c), ports=[("https", 8443)],
                                svc=[("https", 443, "https")], req=None)
    if ingress:
        out["ingress"] = comp_ds(c, "kube-system", "rke2-ingress-nginx-controller",
                                 "rancher/nginx-ingress-controller:v1.10.1-hardened1", workers(c) or alln(c),
                                 labels={"app.kubernetes.io/component": "controller", "app.kubernetes.io/instance": "rke2-ingress-nginx",
                                         "app.kubernetes.io/name": "rke2-ingress-nginx"}, sa="rke2-ingress-nginx",
                                 ports=[("http", 80), ("https", 443), ("webhook", 8443)], cname="rke2-ingress-nginx-controller",
                                 rp=http("/healthz", 10254, d=10, p=10), lp=http("/healthz", 10254, d=10, p=10, f=5),
                                 req=("100m", "90Mi"), svc=[("https-webhook", 443, "webhook")],
                                 svc_name="rke2-ingress-nginx-controller-admission")
    return out

"""CoreDNS, kube-proxy and metrics-server builders."""
from .core import D, H, M, dc, oref
from .k8s import namespace, node, cm, secret, sa as mksa, taint, fake_pem
from .net import service
from .pods import ctr, tmpl, tcp, http, ex, VC, VS, VH, VE, MT, E, EF, R
from .podinst import pod
from .comps import comp_deploy, comp_ds, workers, cps, alln
from .platforms import *  # noqa: F401,F403


def coredns(c, name="coredns", image="registry.k8s.io/coredns/coredns:v1.11.1", n=2, corefile=COREFILE,
            svc_name="kube-dns", labels=None, helm=None, st=None, pod_ago=None, ann=None, nodes=None):
    ns = "kube-system"
    lab = labels or {"k8s-app": "kube-dns"}
    cmo = cm(c, ns, name if not helm else name, {"Corefile": corefile}, c.ago_of(c.get("namespaces", None, ns)) - 60)
    r = comp_deploy(c, ns, name, image, n, labels=lab, sa=name, nodes=nodes or (cps(c) or workers(c)),
                    ports=[("dns", 53, "UDP"), ("dns-tcp", 53, "TCP"), ("metrics", 9153, "TCP")],
                    req=("100m", "70Mi"), lim=(None, "170Mi"), args=["-conf", "/etc/coredns/Corefile"],
                    mounts=[MT("config-volume", "/etc/coredns", True)],
                    vols=[VC("config-volume", name, items=[("Corefile", "Corefile")])],
                    rp=http("/ready", 8181), lp=http("/health", 8080, d=60, t=5, f=5),
                    pcn="system-cluster-critical", helm=helm, st=st, pod_ago=pod_ago, ann=ann,
                    tol=[{"key": "CriticalAddonsOnly", "operator": "Exists"},
                         {"effect": "NoSchedule", "key": "node-role.kubernetes.io/control-plane"}],
                    csc={"allowPrivilegeEscalation": False, "capabilities": {"add": ["NET_BIND_SERVICE"], "drop": ["ALL"]},
                         "readOnlyRootFilesystem": True}, p_noise=0.05)
    sv = service(c, ns, svc_name, r["d"]["spec"]["selector"]["matchLabels"],
                 [("dns", 53, 53, "UDP"), ("dns-tcp", 53, 53, "TCP"), ("metrics", 9153, 9153, "TCP")],
                 c.ago_of(r["d"]), dict(lab, **{"kubernetes.io/cluster-service": "true", "kubernetes.io/name": "CoreDNS"}),
                 {"prometheus.io/port": "9153", "prometheus.io/scrape": "true"}, fixed_ip=svc_fixed(c, "10"))
    r["cm"] = cmo
    r["svc"] = sv
    return r


def kube_proxy(c, ver, img_reg="registry.k8s.io", nodes=None):
    ns = "kube-system"
    cm(c, ns, "kube-proxy", {"config.conf": "apiVersion: kubeproxy.config.k8s.io/v1alpha1\nkind: KubeProxyConfiguration\nmode: \"iptables\"\n",
                             "kubeconfig.conf": "apiVersion: v1\nkind: Config\n"}, c.ago_of(c.get("namespaces", None, ns)) - 60,
       {"app": "kube-proxy"})
    return comp_ds(c, ns, "kube-proxy", "%s/kube-proxy:%s" % (img_reg, ver), nodes or alln(c),
                   labels={"k8s-app": "kube-proxy"}, sa="kube-proxy", hostnet=True, pcn="system-node-critical",
                   cmd=["/usr/local/bin/kube-proxy", "--config=/var/lib/kube-proxy/config.conf",
                        "--hostname-override=$(NODE_NAME)"], env=[EF("NODE_NAME", "spec.nodeName")],
                   mounts=[MT("kube-proxy", "/var/lib/kube-proxy"), MT("xtables-lock", "/run/xtables.lock"),
                           MT("lib-modules", "/lib/modules", True)],
                   vols=[VC("kube-proxy", "kube-proxy"), VH("xtables-lock", "/run/xtables.lock", "FileOrCreate"),
                         VH("lib-modules", "/lib/modules")],
                   tol=[{"operator": "Exists"}], csc={"privileged": True}, req=None)


def metrics_server(c, ns="kube-system", image="registry.k8s.io/metrics-server/metrics-server:v0.7.1", name="metrics-server",
                   helm=None, n=1, labels=None):
    return comp_deploy(c, ns, name, image, n, labels=labels or {"k8s-app": "metrics-server"}, sa=name,
                       ports=[("https", 10250, "TCP")], req=("100m", "200Mi"),
                       args=["--cert-dir=/tmp", "--secure-port=10250", "--kubelet-preferred-address-types=InternalIP,ExternalIP,Hostname",
                             "--kubelet-use-node-status-port", "--metric-resolution=15s"],
                       rp=http("/readyz", "https", d=20, f=3, scheme="HTTPS"), lp=http("/livez", "https", f=3, scheme="HTTPS"),
                       pcn="system-cluster-critical", svc=[("https", 443, "https")], helm=helm,
                       mounts=[MT("tmp-dir", "/tmp")], vols=[VE("tmp-dir")],
                       csc={"allowPrivilegeEscalation": False, "readOnlyRootFilesystem": True, "runAsNonRoot": True,
                            "runAsUser": 1000, "seccompProfile": {"type": "RuntimeDefault"}})

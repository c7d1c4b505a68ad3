"""Platform base cluster: OpenShift (EKS in bases_eks)."""
from .core import D, H, M, crd_ref
from .k8s import namespace, cm, secret, sa as mksa, fake_pem
from .net import service
from .pods import ctr, tmpl, tcp, http, ex, VC, VS, VH, VE, MT, E, EF, ES, T, R
from .storage import storageclass
from .comps import comp_deploy, comp_ds, comp_sts, workers, cps, alln
from .platforms import sysns, mk_nodes, kubernetes_svc, coredns, kube_proxy, metrics_server, COREFILE, svc_fixed


def ocp(c, tag):
    return "quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:" + c.hexs(64)


def openshift_base(c, specs, age, pod_net="10.128.", monitoring=True):
    sysns(c, age, extra_public=False)
    mk_nodes(c, specs, pod_net)
    kubernetes_svc(c, [c.nodeinfo[n]["ip"] for n in cps(c)], 6443, age - 10)
    nsl = ["openshift-dns", "openshift-ingress", "openshift-ovn-kubernetes", "openshift-image-registry"]
    if monitoring:
        nsl.append("openshift-monitoring")
    for i, n in enumerate(nsl):
        nl = {"openshift.io/cluster-monitoring": "true", "pod-security.kubernetes.io/enforce": "privileged"}
        if n == "openshift-ovn-kubernetes":
            nl["openshift.io/run-level"] = "0"
        namespace(c, n, age - 300 - 20 * i, nl,
                  {"openshift.io/node-selector": "", "workload.openshift.io/allowed": "management"})
    out = {}
    mgmt = {"target.workload.openshift.io/management": "{\"effect\": \"PreferredDuringScheduling\"}"}
    ovn_ctrs = [ctr(n, ocp(c, n), req=("10m", "300Mi")) for n in
                ("ovn-acl-logging", "kube-rbac-proxy-node", "kube-rbac-proxy-ovn-metrics", "northd", "nbdb", "sbdb",
                 "ovnkube-controller")]
    out["ovn"] = comp_ds(c, "openshift-ovn-kubernetes", "ovnkube-node", ocp(c, "ovn"), alln(c),
                         labels={"app": "ovnkube-node", "component": "network", "kubernetes.io/os": "linux",
                                 "openshift.io/component": "network", "ovn-db-pod": "true", "type": "infra"},
                         sa="ovn-kubernetes-node", hostnet=True, pcn="system-node-critical", cname="ovn-controller",
                         extra_ctrs=ovn_ctrs, tol=[{"operator": "Exists"}], tann=mgmt, req=("10m", "300Mi"),
                         init=[ctr("kubecfg-setup", ocp(c, "ovn"), cmd=["/bin/bash", "-c"])])
    out["ovncp"] = comp_deploy(c, "openshift-ovn-kubernetes", "ovnkube-control-plane", ocp(c, "ovncp"), 3 if len(cps(c)) >= 3 else 1,
                               labels={"app": "ovnkube-control-plane", "component": "network", "type": "infra",
                                       "openshift.io/component": "network", "kubernetes.io/os": "linux"},
                               sa="ovn-kubernetes-control-plane", hostnet=True, pcn="system-cluster-critical",
                               nodes=cps(c), cname="ovnkube-cluster-manager", tann=mgmt, req=("10m", "300Mi"),
                               nsel={"node-role.kubernetes.io/master": ""}, tol=[{"operator": "Exists"}],
                               extra_ctrs=[ctr("kube-rbac-proxy", ocp(c, "krp"), req=("10m", "20Mi"))])
    dlab = {"dns.operator.openshift.io/daemonset-dns": "default"}
    cm(c, "openshift-dns", "dns-default", {"Corefile": ".:5353 {\n    bufsize 1232\n    errors\n    log . {\n        class error\n    }\n    health {\n        lameduck 20s\n    }\n    ready\n    kubernetes cluster.local in-addr.arpa ip6.arpa {\n        pods insecure\n        fallthrough in-addr.arpa ip6.arpa\n    }\n    prometheus 127.0.0.1:9153\n    forward . /etc/resolv.conf {\n        policy sequential\n    }\n    cache 900 {\n        denial 9984 30\n    }\n    reload\n}\nhostname.bind:5353 {\n    chaos\n}\n"},
       age - 310, dlab, owner=None)
    out["dns"] = comp_ds(c, "openshift-dns", "dns-default", ocp(c, "dns"), alln(c), labels=dlab, sa="dns", cname="dns",
                         ports=[("dns", 5353, "UDP"), ("dns-tcp", 5353, "TCP")], pcn="system-node-critical",
                         rp=http("/ready", 8181, d=10, p=3, t=3), lp=http("/health", 8080, d=60, p=10, t=5, f=5),
                         mounts=[MT("config-volume", "/etc/coredns", True)], vols=[VC("config-volume", "dns-default",
                                                                                       items=[("Corefile", "Corefile")])],
                         extra_ctrs=[ctr("kube-rbac-proxy", ocp(c, "krp"), [("metrics", 9154)], req=("10m", "40Mi"))],
                         tol=[{"key": "node-role.kubernetes.io/master", "operator": "Exists"}], req=("50m", "70Mi"), tann=mgmt)
    service(c, "openshift-dns", "dns-default", dlab, [("dns", 53, "dns", "UDP"), ("dns-tcp", 53, "dns-tcp", "TCP"),
                                                      ("metrics", 9154, "metrics")], age - 310,
            {"dns.operator.openshift.io/owning-dns": "default"}, fixed_ip=svc_fixed(c, "10"))
    out["resolver"] = comp_ds(c, "openshift-dns", "node-resolver", ocp(c, "cli"), alln(c),
                              labels={"dns.operator.openshift.io/daemonset-node-resolver": ""}, sa="node-resolver",
                              hostnet=True, pcn="system-node-critical", cname="dns-node-resolver", req=("5m", "21Mi"),
                              tol=[{"operator": "Exists"}], tann=mgmt)
    rlab = {"ingresscontroller.operator.openshift.io/deployment-ingresscontroller": "default"}
    out["router"] = comp_deploy(c, "openshift-ingress", "router-default", ocp(c, "router"), 2, labels=rlab, sa="router",
                                nodes=workers(c), cname="router", ports=[("http", 80), ("https", 443), ("metrics", 1936)],
                                rp=http("/healthz/ready", 1936, p=10), lp=http("/healthz", 1936, p=10),
                                sp=http("/healthz/ready", 1936, p=1, f=120), req=("100m", "256Mi"), pcn="system-cluster-critical",
                                svc=[("http", 80, "http"), ("https", 443, "https"), ("metrics", 1936, 1936)],
                                svc_name="router-internal-default", tann=mgmt)
    out["registry"] = comp_deploy(c, "openshift-image-registry", "image-registry", ocp(c, "registry"), 2,
                                  labels={"docker-registry": "default"}, sa="registry", nodes=workers(c), cname="registry",
                                  ports=[(None, 5000)], rp=http("/healthz", 5000, p=10, t=5, scheme="HTTPS"),
                                  lp=http("/healthz", 5000, d=5, p=10, t=5, scheme="HTTPS"), req=("100m", "256Mi"),
                                  svc=[("5000-tcp", 5000, 5000)], pcn="system-cluster-critical", tann=mgmt)
    out["nodeca"] = comp_ds(c, "openshift-image-registry", "node-ca", ocp(c, "cli"), alln(c), labels={"name": "node-ca"},
                            sa="node-ca", cname="node-ca", req=("10m", "10Mi"), tol=[{"operator": "Exists"}],
                            pcn="system-cluster-critical", tann=mgmt)
    if monitoring:
        m = "openshift-monitoring"
        out["ne"] = comp_ds(c, m, "node-exporter", ocp(c, "ne"), alln(c),
                            labels={"app.kubernetes.io/component": "exporter", "app.kubernetes.io/managed-by": "cluster-monitoring-operator",
                                    "app.kubernetes.io/name": "node-exporter", "app.kubernetes.io/part-of": "openshift-monitoring",
                                    "app.kubernetes.io/version": "1.7.0"}, sa="node-exporter", hostnet=True,
                            pcn="system-cluster-critical", req=("8m", "32Mi"), tol=[{"operator": "Exists"}], tann=mgmt,
                            extra_ctrs=[ctr("kube-rbac-proxy", ocp(c, "krp"), [("https", 9100)], req=("1m", "15Mi"))])
        out["ksm"] = comp_deploy(c, m, "kube-state-metrics", ocp(c, "ksm"), 1,
                                 labels={"app.kubernetes.io/component": "exporter", "app.kubernetes.io/name": "kube-state-metrics",
                                         "app.kubernetes.io/part-of": "openshift-monitoring", "app.kubernetes.io/managed-by": "cluster-monitoring-operator"},
                                 sa="kube-state-metrics", nodes=workers(c), req=("2m", "80Mi"), tann=mgmt)
        out["cmo"] = comp_deploy(c, m, "cluster-monitoring-operator", ocp(c, "cmo"), 1, labels={"app": "cluster-monitoring-operator"},
                                 sa="cluster-monitoring-operator", nodes=cps(c), nsel={"node-role.kubernetes.io/master": ""},
                                 tol=[{"effect": "NoSchedule", "key": "node-role.kubernetes.io/master", "operator": "Exists"}],
                                 req=("10m", "75Mi"), tann=mgmt)
        plab = {"app.kubernetes.io/component": "prometheus", "app.kubernetes.io/instance": "k8s", "app.kubernetes.io/name": "prometheus",
                "app.kubernetes.io/part-of": "openshift-monitoring", "app.kubernetes.io/managed-by": "prometheus-operator"}
        own = crd_ref(c, "monitoring.coreos.com/v1", "Prometheus", "k8s")
        out["prom"] = comp_sts(c, m, "prometheus-k8s", ocp(c, "prom"), 2, workers(c), labels=plab, sa="prometheus-k8s",
                               cname="prometheus", req=("70m", "1Gi"), owner=own, hsvc="prometheus-operated",
                               svc=[("web", 9090, "web")], ports=[("web", 9090)], mgmt="Parallel", tann=mgmt,
                               rp=ex(["sh", "-c", "curl --fail http://localhost:9090/-/ready"], p=5, t=3, f=3))
    return out


from .bases_eks import *  # noqa: E402,F401,F403

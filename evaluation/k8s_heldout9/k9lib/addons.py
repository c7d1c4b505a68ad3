"""Common add-ons: ingress-nginx, cert-manager (more in addons2/addons3)."""
from .core import D, H, M, crd_ref, oref
from .k8s import namespace, cm, secret, helm_release, helm_labels, helm_ann
from .net import service
from .pods import ctr, tmpl, tcp, http, ex, VC, VS, VH, VE, MT, E, EF, ES, T, R
from .workloads import job
from .comps import comp_deploy, comp_ds, comp_sts, workers, cps, alln


def ingress_nginx(c, ns="ingress-nginx", age=None, n=2, ver="1.10.1", chart="4.10.1", lb=None, release="ingress-nginx",
                  admission_jobs=True, svc_type="LoadBalancer"):
    age = age or c.ago_of(c.get("namespaces", None, "kube-system")) - 3 * D
    namespace(c, ns, age, {"app.kubernetes.io/instance": release, "app.kubernetes.io/name": "ingress-nginx"})
    helm_release(c, ns, release, 3, age - 60, age // 3)
    hl = (release, "ingress-nginx", chart, ver)
    img = "registry.k8s.io/ingress-nginx/controller:v%s@sha256:%s" % (ver, c.hexs(64))
    lab = helm_labels(release, "ingress-nginx", chart, ver, "ingress-nginx", "controller",
                      {"app.kubernetes.io/part-of": "ingress-nginx"})
    cm(c, ns, release + "-controller", {"allow-snippet-annotations": "false", "proxy-body-size": "16m"}, age - 61, lab,
       helm_ann(release, ns))
    r = comp_deploy(c, ns, release + "-controller", img, n, age - 60, labels=lab, sa=release, cname="controller",
                    ports=[("http", 80), ("https", 443), ("webhook", 8443)], req=("100m", "90Mi"),
                    args=["/nginx-ingress-controller", "--publish-service=$(POD_NAMESPACE)/%s-controller" % release,
                          "--election-id=%s-leader" % release, "--controller-class=k8s.io/ingress-nginx",
                          "--ingress-class=nginx", "--configmap=$(POD_NAMESPACE)/%s-controller" % release,
                          "--validating-webhook=:8443"],
                    env=[EF("POD_NAME", "metadata.name"), EF("POD_NAMESPACE", "metadata.namespace"), E("LD_PRELOAD", "/usr/local/lib/libmimalloc.so")],
                    rp=http("/healthz", 10254, d=10, p=10), lp=http("/healthz", 10254, d=10, p=10, f=5),
                    mounts=[MT("webhook-cert", "/usr/local/certificates/", True)], vols=[VS("webhook-cert", release + "-admission")],
                    ann=helm_ann(release, ns), old=2,
                    csc={"allowPrivilegeEscalation": True, "capabilities": {"add": ["NET_BIND_SERVICE"], "drop": ["ALL"]},
                         "runAsUser": 101, "seccompProfile": {"type": "RuntimeDefault"}})
    secret(c, ns, release + "-admission", ["ca", "cert", "key"], age - 58)
    sel = r["d"]["spec"]["selector"]["matchLabels"]
    sv = service(c, ns, release + "-controller", sel, [("http", 80, "http"), ("https", 443, "https")], age - 60, lab,
                 helm_ann(release, ns), svc_type, lb=lb)
    service(c, ns, release + "-controller-admission", sel, [("https-webhook", 443, "webhook")], age - 60, lab, helm_ann(release, ns))
    if admission_jobs:
        # helm hook jobs are normally deleted (hook-succeeded); some clusters keep them
        pass
    r["svc"] = sv
    return r


def cert_manager(c, ns="cert-manager", age=None, ver="v1.14.5"):
    age = age or c.ago_of(c.get("namespaces", None, "kube-system")) - 4 * D
    namespace(c, ns, age)
    helm_release(c, ns, "cert-manager", 2, age - 30, age // 2)
    out = {}
    for comp, img, port in (("cert-manager", "controller", 9402), ("cert-manager-cainjector", "cainjector", None),
                            ("cert-manager-webhook", "webhook", 10250)):
        lab = helm_labels("cert-manager", "cert-manager", ver, ver, {"cert-manager": "cert-manager"}.get(comp, comp.replace("cert-manager-", "")),
                          {"cert-manager": "controller"}.get(comp, comp.replace("cert-manager-", "")),
                          {"app": {"cert-manager": "cert-manager"}.get(comp, comp.replace("cert-manager-", ""))})
        out[comp] = comp_deploy(c, ns, comp, "quay.io/jetstack/cert-manager-%s:%s" % (img, ver), 1, age - 30, labels=lab,
                                sa=comp, ports=[("http-metrics", port)] if port else (), req=None,
                                args=["--v=2", "--cluster-resource-namespace=$(POD_NAMESPACE)", "--leader-election-namespace=kube-system"],
                                env=[EF("POD_NAMESPACE", "metadata.namespace")], ann=helm_ann("cert-manager", ns),
                                lp=http("/livez", 6080, d=10, p=10, t=15, f=8) if comp == "cert-manager" else None,
                                svc=[("tcp-prometheus-servicemonitor", 9402, 9402)] if comp == "cert-manager" else
                                ([("https", 443, "https")] if comp == "cert-manager-webhook" else None),
                                csc={"allowPrivilegeEscalation": False, "capabilities": {"drop": ["ALL"]}, "readOnlyRootFilesystem": True},
                                psc={"runAsNonRoot": True, "seccompProfile": {"type": "RuntimeDefault"}})
    secret(c, ns, "cert-manager-webhook-ca", ["ca.crt", "tls.crt", "tls.key"], age - 25)
    return out


from .addons2 import *  # noqa: E402,F401,F403

"""Add-ons: Argo CD, External Secrets, Velero."""
from .core import D, H, M, crd_ref, oref
from .k8s import namespace, cm, secret, helm_release, helm_labels, helm_ann
from .net import service
from .pods import ctr, tmpl, tcp, http, ex, VC, VS, VH, VE, MT, E, EF, ES, T, R
from .workloads import job
from .comps import comp_deploy, comp_ds, comp_sts, workers, cps, alln
from .addons import *  # noqa: F401,F403
from .addons2 import *  # noqa: F401,F403


def argocd(c, ns="argocd", age=None, ver="v2.11.3", chart="6.11.1"):
    age = age or c.ago_of(c.get("namespaces", None, "kube-system")) - 6 * D
    namespace(c, ns, age)
    helm_release(c, ns, "argocd", 3, age - 20, age // 3)
    img = "quay.io/argoproj/argocd:" + ver
    ha = helm_ann("argocd", ns)
    out = {}
    secret(c, ns, "argocd-secret", ["admin.password", "admin.passwordMtime", "server.secretkey"], age - 21,
           helm_labels("argocd", "argo-cd", chart, ver, "argocd-secret", extra={"app.kubernetes.io/part-of": "argocd"}), ha)
    cm(c, ns, "argocd-cm", {"admin.enabled": "true", "application.instanceLabelKey": "argocd.argoproj.io/instance",
                            "timeout.reconciliation": "180s", "url": "https://argocd.example.internal"}, age - 21,
       helm_labels("argocd", "argo-cd", chart, ver, "argocd-cm", extra={"app.kubernetes.io/part-of": "argocd"}), ha)
    for comp, port, n in (("server", 8080, 1), ("repo-server", 8081, 1), ("applicationset-controller", 7000, 1),
                          ("notifications-controller", 9001, 1), ("redis", 6379, 1), ("dex-server", 5556, 1)):
        lab = helm_labels("argocd", "argo-cd", chart, ver, "argocd-" + comp, comp, {"app.kubernetes.io/part-of": "argocd"})
        im = {"redis": "public.ecr.aws/docker/library/redis:7.2.4-alpine", "dex-server": "ghcr.io/dexidp/dex:v2.38.0"}.get(comp, img)
        out[comp] = comp_deploy(c, ns, "argocd-" + comp, im, n, age - 20, labels=lab, sa="argocd-" + comp if comp != "redis" else None,
                                cname=comp, ports=[(comp if comp != "redis" else "redis", port)], req=None, ann=ha,
                                svc=[("http" if comp == "server" else "tcp-" + comp.split("-")[0], 80 if comp == "server" else port, port)],
                                old=1 if comp != "redis" else 0)
    lab = helm_labels("argocd", "argo-cd", chart, ver, "argocd-application-controller", "application-controller",
                      {"app.kubernetes.io/part-of": "argocd"})
    out["ctl"] = comp_sts(c, ns, "argocd-application-controller", img, 1, workers(c), age - 20, labels=lab,
                          sa="argocd-application-controller", cname="application-controller", ports=[("metrics", 8082)],
                          req=None, ann=ha, rp=http("/healthz", 8082, d=10, p=10), hsvc="argocd-application-controller")
    return out


def external_secrets(c, ns="external-secrets", age=None, ver="v0.9.19"):
    age = age or c.ago_of(c.get("namespaces", None, "kube-system")) - 7 * D
    namespace(c, ns, age)
    helm_release(c, ns, "external-secrets", 2, age - 15, age // 2)
    ha = helm_ann("external-secrets", ns)
    out = {}
    for comp in ("external-secrets", "external-secrets-cert-controller", "external-secrets-webhook"):
        lab = helm_labels("external-secrets", "external-secrets", ver.lstrip("v"), ver, comp)
        out[comp] = comp_deploy(c, ns, comp, "ghcr.io/external-secrets/external-secrets:" + ver, 1, age - 15, labels=lab, sa=comp,
                                cname={"external-secrets": "external-secrets", "external-secrets-cert-controller": "cert-controller",
                                       "external-secrets-webhook": "webhook"}[comp],
                                ports=[("metrics", 8080)], req=None, ann=ha,
                                args=["--concurrent=1", "--metrics-addr=:8080"] if comp == "external-secrets" else ["webhook"],
                                svc=[("webhook", 443, 10250)] if comp == "external-secrets-webhook" else None)
    return out


def velero(c, ns="velero", age=None, ver="v1.13.2", provider="aws"):
    age = age or c.ago_of(c.get("namespaces", None, "kube-system")) - 8 * D
    namespace(c, ns, age)
    helm_release(c, ns, "velero", 2, age - 10, age // 2)
    ha = helm_ann("velero", ns)
    secret(c, ns, "velero", ["cloud"], age - 11, helm_labels("velero", "velero", "6.6.0", "1.13.2"), ha)
    lab = helm_labels("velero", "velero", "6.6.0", "1.13.2", "velero", extra={"component": "velero", "name": "velero"})
    out = {"server": comp_deploy(c, ns, "velero", "velero/velero:" + ver, 1, age - 10, labels=lab, sa="velero-server",
                                 ports=[("http-monitoring", 8085)], req=("500m", "128Mi"), lim=("1", "512Mi"), ann=ha,
                                 cmd=["/velero"], args=["server", "--uploader-type=kopia"],
                                 init=[ctr("velero-plugin-for-%s" % provider, "velero/velero-plugin-for-%s:v1.9.2" % provider,
                                           mounts=[MT("plugins", "/target")])],
                                 vols=[VE("plugins"), VS("cloud-credentials", "velero"), VE("scratch")],
                                 mounts=[MT("plugins", "/plugins"), MT("cloud-credentials", "/credentials"), MT("scratch", "/scratch")],
                                 svc=[("http-monitoring", 8085, "http-monitoring")])}
    out["agent"] = comp_ds(c, ns, "node-agent", "velero/velero:" + ver, workers(c), age - 10,
                           labels=helm_labels("velero", "velero", "6.6.0", "1.13.2", "velero", extra={"name": "node-agent", "role": "node-agent"}),
                           sa="velero-server", cname="node-agent", cmd=["/velero"], args=["node-agent", "server"], req=None, ann=ha,
                           vols=[VH("host-pods", "/var/lib/kubelet/pods"), VE("scratch")],
                           mounts=[MT("host-pods", "/host_pods"), MT("scratch", "/scratch")])
    return out

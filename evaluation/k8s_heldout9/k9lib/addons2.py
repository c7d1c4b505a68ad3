"""Add-on: kube-prometheus-stack monitoring."""
from .core import D, H, M, crd_ref, oref
from .k8s import namespace, cm, secret, helm_release, helm_labels, helm_ann
from .net import service
from .pods import ctr, tmpl, tcp, http, ex, VC, VS, VH, VE, MT, E, EF, ES, T, R
from .workloads import job
from .comps import comp_deploy, comp_ds, comp_sts, workers, cps, alln
from .addons import *  # noqa: F401,F403


def monitoring(c, ns="monitoring", age=None, release="kube-prometheus-stack", chart="58.2.2", prom_sc=None, prom_size="50Gi",
               grafana=True, am=True, nodes=None):
    age = age or c.ago_of(c.get("namespaces", None, "kube-system")) - 5 * D
    namespace(c, ns, age)
    helm_release(c, ns, release, 4, age - 40, age // 4)
    out = {}
    av = "v0.73.2"
    ha = helm_ann(release, ns)
    out["op"] = comp_deploy(c, ns, release + "-operator", "quay.io/prometheus-operator/prometheus-operator:" + av, 1, age - 40,
                            labels=helm_labels(release, "kube-prometheus-stack", chart, chart, "kube-prometheus-stack-prometheus-operator",
                                               "prometheus-operator", {"app": "kube-prometheus-stack-operator", "release": release}),
                            sa=release + "-operator", ports=[("https", 10250)], req=None, ann=ha,
                            svc=[("https", 443, "https")], old=3)
    out["ksm"] = comp_deploy(c, ns, release + "-kube-state-metrics", "registry.k8s.io/kube-state-metrics/kube-state-metrics:v2.12.0", 1,
                             age - 40, labels=helm_labels(release, "kube-state-metrics", "5.19.0", "2.12.0", "kube-state-metrics", "metrics",
                                                          {"release": release, "app.kubernetes.io/part-of": "kube-state-metrics"}),
                             sa=release + "-kube-state-metrics", ports=[("http", 8080)], req=None, ann=ha,
                             rp=http("/", 8080, d=5, t=5), lp=http("/healthz", 8080, d=5, t=5), svc=[("http", 8080, "http")], old=2)
    out["ne"] = \
        comp_ds(c, ns, release + "-prometheus-node-exporter", "quay.io/prometheus/node-exporter:v1.8.0", alln(c), age - 40,
                labels=helm_labels(release, "prometheus-node-exporter", "4.33.0", "1.8.0", "prometheus-node-exporter", "metrics",
                                   {"release": release, "jobLabel": "node-exporter", "app.kubernetes.io/part-of": "prometheus-node-exporter"}),
                sa=release + "-prometheus-node-exporter", hostnet=True, ports=[("http-metrics", 9100)], req=None,
                rp=http("/", 9100), lp=http("/", 9100), tol=[{"effect": "NoSchedule", "operator": "Exists"}], ann=ha,
                svc=[("http-metrics", 9100, 9100)], automount=False)
    if grafana:
        secret(c, ns, release + "-grafana", ["admin-password", "admin-user", "ldap-toml"], age - 41,
               labels=helm_labels(release, "grafana", "7.3.9", "10.4.1"), ann=ha)
        cm(c, ns, release + "-grafana", {"grafana.ini": "[analytics]\ncheck_for_updates = true\n[log]\nmode = console\n"}, age - 41,
           helm_labels(release, "grafana", "7.3.9", "10.4.1"), ha)
        out["graf"] = comp_deploy(c, ns, release + "-grafana", "docker.io/grafana/grafana:10.4.1", 1, age - 40,
                                  labels=helm_labels(release, "grafana", "7.3.9", "10.4.1", "grafana"), sa=release + "-grafana",
                                  cname="grafana", ports=[("grafana", 3000)], req=None, ann=ha, rp=http("/api/health", 3000),
                                  lp=http("/api/health", 3000, d=60, t=30, f=10),
                                  env=[ES("GF_SECURITY_ADMIN_USER", release + "-grafana", "admin-user"),
                                       ES("GF_SECURITY_ADMIN_PASSWORD", release + "-grafana", "admin-password")],
                                  mounts=[MT("config", "/etc/grafana/grafana.ini", sub="grafana.ini"), MT("storage", "/var/lib/grafana")],
                                  vols=[VC("config", release + "-grafana"), VE("storage")],
                                  extra_ctrs=[ctr("grafana-sc-dashboard", "quay.io/kiwigrid/k8s-sidecar:1.26.1", req=None,
                                                  env=[E("LABEL", "grafana_dashboard"), E("METHOD", "WATCH")])],
                                  svc=[("http-web", 80, 3000)], old=2)
    plab = {"app.kubernetes.io/instance": release + "-prometheus", "app.kubernetes.io/managed-by": "prometheus-operator",
            "app.kubernetes.io/name": "prometheus", "app.kubernetes.io/version": "2.51.2", "operator.prometheus.io/name": release + "-prometheus",
            "operator.prometheus.io/shard": "0", "prometheus": release + "-prometheus"}
    own = crd_ref(c, "monitoring.coreos.com/v1", "Prometheus", release + "-prometheus")
    vct = [("prometheus-%s-prometheus-db" % release, prom_size, prom_sc)] if prom_sc else None
    out["prom"] = comp_sts(c, ns, "prometheus-%s-prometheus" % release, "quay.io/prometheus/prometheus:v2.51.2", 1,
                           nodes or workers(c), age - 39, labels=plab, sa=release + "-prometheus", cname="prometheus",
                           ports=[("http-web", 9090)], req=("200m", "1Gi"), owner=own, hsvc="prometheus-operated",
                           rp=http("/-/ready", "http-web", p=5, t=3, f=3), sp=http("/-/ready", "http-web", p=15, t=3, f=60),
                           extra_ctrs=[ctr("config-reloader", "quay.io/prometheus-operator/prometheus-config-reloader:" + av,
                                           [("reloader-web", 8080)], req=("10m", "50Mi"), lim=("10m", "50Mi"))],
                           init=[ctr("init-config-reloader", "quay.io/prometheus-operator/prometheus-config-reloader:" + av,
                                     req=("10m", "50Mi"), lim=("10m", "50Mi"))],
                           vct=vct, vols=None if vct else [VE("prometheus-%s-prometheus-db" % release)],
                           mounts=[MT("prometheus-%s-prometheus-db" % release, "/prometheus", sub="prometheus-db")],
                           svc=[("http-web", 9090, "http-web")], mgmt="Parallel")
    service(c, ns, release + "-prometheus", {"app.kubernetes.io/name": "prometheus", "operator.prometheus.io/name": release + "-prometheus"},
            [("http-web", 9090, 9090), ("reloader-web", 8080, "reloader-web")], age - 39,
            helm_labels(release, "kube-prometheus-stack", chart, chart, "kube-prometheus-stack-prometheus", extra={"release": release, "self-monitor": "true"}), ha)
    if am:
        alab = {"alertmanager": release + "-alertmanager", "app.kubernetes.io/instance": release + "-alertmanager",
                "app.kubernetes.io/managed-by": "prometheus-operator", "app.kubernetes.io/name": "alertmanager",
                "app.kubernetes.io/version": "0.27.0"}
        secret(c, ns, "alertmanager-%s-alertmanager" % release, ["alertmanager.yaml"], age - 40, ann=ha)
        out["am"] = comp_sts(c, ns, "alertmanager-%s-alertmanager" % release, "quay.io/prometheus/alertmanager:v0.27.0", 1,
                             nodes or workers(c), age - 39, labels=alab, sa=release + "-alertmanager", cname="alertmanager",
                             ports=[("http-web", 9093), ("mesh-tcp", 9094)], req=("10m", "200Mi"),
                             owner=crd_ref(c, "monitoring.coreos.com/v1", "Alertmanager", release + "-alertmanager"),
                             hsvc="alertmanager-operated", rp=http("/-/ready", "http-web", d=3, p=5, t=3, f=10),
                             lp=http("/-/healthy", "http-web", p=10, t=3, f=10),
                             vols=[VS("config-volume", "alertmanager-%s-alertmanager" % release)],
                             mounts=[MT("config-volume", "/etc/alertmanager/config")],
                             svc=[("http-web", 9093, "http-web"), ("tcp-mesh", 9094, 9094)])
    return out


from .addons3 import *  # noqa: E402,F401,F403

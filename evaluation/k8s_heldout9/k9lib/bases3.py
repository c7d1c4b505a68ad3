"""Platform base cluster: GKE (AKS in bases_aks)."""
from .core import D, H, M
from .k8s import namespace, cm, secret
from .net import service
from .pods import ctr, tmpl, tcp, http, ex, VC, VS, VH, VE, MT, E, EF, T, R
from .storage import storageclass
from .comps import comp_deploy, comp_ds, workers, cps, alln
from .platforms import sysns, mk_nodes, kubernetes_svc, coredns, kube_proxy, metrics_server, svc_fixed


def gke_base(c, specs, age, project="acme-prod-318204", cluster="prod-eu", region="europe-west1", pod_net="10.52."):
    sysns(c, age, extra_public=False)
    c.platform["project"] = project
    for s in specs:
        s.setdefault("labels", {})
        s["labels"].update({"cloud.google.com/gke-boot-disk": "pd-balanced", "cloud.google.com/gke-container-runtime": "containerd",
                            "cloud.google.com/gke-cpu-scaling-level": str(s.get("cpu", 8)),
                            "cloud.google.com/gke-logging-variant": "DEFAULT", "cloud.google.com/gke-max-pods-per-node": "110",
                            "cloud.google.com/gke-nodepool": s.get("pool_name", "default-pool"),
                            "cloud.google.com/gke-os-distribution": "cos", "cloud.google.com/gke-provisioning": "standard",
                            "cloud.google.com/gke-stack-type": "IPV4", "cloud.google.com/machine-family": s.get("itype", "e2").split("-")[0],
                            "cloud.google.com/private-node": "false", "topology.gke.io/zone": s["zone"],
                            "iam.gke.io/gke-metadata-server-enabled": "true"})
        s["region"] = region
        s["provider_id"] = "gce://%s/%s/%s" % (project, s["zone"], s["name"])
        s["csi"] = dict({"pd.csi.storage.gke.io": "projects/%s/zones/%s/instances/%s" % (project, s["zone"], s["name"])},
                        **s.get("csi", {}))
        s.setdefault("ann", {}).update({"container.googleapis.com/instance_id": str(c.rng.randint(10 ** 18, 9 * 10 ** 18))})
    mk_nodes(c, specs, pod_net)
    kubernetes_svc(c, ["172.16.%d.2" % c.rng.randint(0, 30)], 443, age - 10)
    ks = "kube-system"
    out = {}
    g = "gke.gcr.io/"
    out["anetd"] = comp_ds(c, ks, "anetd", g + "cilium/cilium:v1.13.12-gke3.8", alln(c), labels={"k8s-app": "cilium"},
                           sa="cilium", hostnet=True, pcn="system-node-critical", cname="cilium-agent", req=("100m", "100Mi"),
                           lp=http("/healthz", 9879, d=120, p=30, t=5, f=10), rp=http("/healthz", 9879, d=5, p=30, t=5),
                           tol=[{"operator": "Exists"}], csc={"privileged": True},
                           tann={"components.gke.io/component-name": "advanceddatapath", "components.gke.io/component-version": "30.1.68"})
    kdl = {"k8s-app": "kube-dns"}
    ctrs = [ctr("dnsmasq", g + "k8s-dns-dnsmasq-nanny:1.23.0-gke.9", [("dns", 53, "UDP"), ("dns-tcp", 53, "TCP")], req=("150m", "20Mi")),
            ctr("sidecar", g + "k8s-dns-sidecar:1.23.0-gke.9", [("metrics", 10054)], req=("10m", "20Mi")),
            ctr("prometheus-to-sd", g + "prometheus-to-sd:v0.11.12-gke.23", req=None)]
    cm(c, ks, "kube-dns", {}, age - 50, {"addonmanager.kubernetes.io/mode": "EnsureExists"})
    out["dns"] = comp_deploy(c, ks, "kube-dns", g + "k8s-dns-kube-dns:1.23.0-gke.9", 2, labels=kdl, sa="kube-dns", cname="kubedns",
                             ports=[("dns-local", 10053, "UDP"), ("dns-tcp-local", 10053, "TCP"), ("metrics", 10055)],
                             req=("100m", "70Mi"), lim=(None, "210Mi"), extra_ctrs=ctrs, pcn="system-cluster-critical",
                             rp=http("/readiness", 8081, d=3, t=5), lp=http("/healthcheck/kubedns", 10054, d=60, t=5, f=5),
                             tol=[{"key": "CriticalAddonsOnly", "operator": "Exists"},
                                  {"effect": "NoSchedule", "key": "components.gke.io/gke-managed-components", "operator": "Exists"}])
    service(c, ks, "kube-dns", kdl, [("dns", 53, 53, "UDP"), ("dns-tcp", 53, 53, "TCP")], age - 50,
            {"addonmanager.kubernetes.io/mode": "Reconcile", "k8s-app": "kube-dns", "kubernetes.io/cluster-service": "true",
             "kubernetes.io/name": "KubeDNS"}, fixed_ip=svc_fixed(c, "10"))
    out["dnsauto"] = comp_deploy(c, ks, "kube-dns-autoscaler", g + "cluster-proportional-autoscaler:v1.8.11-gke.11", 1,
                                 labels={"k8s-app": "kube-dns-autoscaler"}, sa="kube-dns-autoscaler", cname="autoscaler",
                                 req=("20m", "10Mi"), pcn="system-cluster-critical")
    out["konn"] = comp_deploy(c, ks, "konnectivity-agent", g + "proxy-agent:v0.30.3-gke.3", len(alln(c)) if len(alln(c)) < 4 else 3,
                              labels={"k8s-app": "konnectivity-agent"}, sa="konnectivity-agent", req=("10m", "30Mi"),
                              lim=(None, "125Mi"), pcn="system-cluster-critical", lp=http("/healthz", 8093, d=15, t=15))
    out["pdcsi"] = comp_ds(c, ks, "pdcsi-node", g + "gcp-compute-persistent-disk-csi-driver:v1.13.2-gke.3", alln(c),
                           labels={"app": "gcp-compute-persistent-disk-csi-driver", "k8s-app": "gcp-compute-persistent-disk-csi-driver"},
                           sa="pdcsi-node-sa", cname="gce-pd-driver", hostnet=True, pcn="system-node-critical", req=("5m", "10Mi"),
                           csc={"privileged": True}, tol=[{"operator": "Exists"}],
                           extra_ctrs=[ctr("csi-driver-registrar", g + "csi-node-driver-registrar:v2.9.3-gke.5", req=("5m", "10Mi"))])
    out["fb"] = comp_ds(c, ks, "fluentbit-gke", g + "fluent-bit:v1.8.12-gke.35", alln(c), labels={"k8s-app": "fluentbit-gke"},
                        sa="fluentbit-gke", cname="fluentbit", hostnet=False, pcn="system-node-critical", req=("50m", "100Mi"),
                        lim=(None, "250Mi"), tol=[{"operator": "Exists"}],
                        extra_ctrs=[ctr("fluentbit-gke", g + "fluent-bit-gke-exporter:v0.28.0-gke.6", req=("5m", "30Mi"))])
    out["gma"] = comp_ds(c, ks, "gke-metrics-agent", g + "gke-metrics-agent:1.12.0-gke.1", alln(c),
                         labels={"component": "gke-metrics-agent", "k8s-app": "gke-metrics-agent"}, sa="gke-metrics-agent",
                         pcn="system-node-critical", req=("8m", "60Mi"), lim=(None, "60Mi"), tol=[{"operator": "Exists"}])
    out["netd"] = comp_ds(c, ks, "netd", g + "netd:v0.8.3-gke.1", alln(c), labels={"app": "netd"}, sa="netd", hostnet=True,
                          pcn="system-node-critical", req=("1m", None), tol=[{"operator": "Exists"}], csc={"privileged": True})
    out["ms"] = comp_deploy(c, ks, "metrics-server-v1.29.3", g + "metrics-server:v0.7.1-gke.5", 1,
                            labels={"k8s-app": "metrics-server", "version": "v1.29.3"}, sa="metrics-server",
                            cname="metrics-server", req=("48m", "105Mi"), pcn="system-cluster-critical",
                            extra_ctrs=[ctr("metrics-server-nanny", g + "addon-resizer:1.8.14-gke.4", req=("5m", "50Mi"))])
    service(c, ks, "metrics-server", {"k8s-app": "metrics-server"}, [(None, 443, "https")], age - 50,
            {"addonmanager.kubernetes.io/mode": "Reconcile", "kubernetes.io/cluster-service": "true",
             "kubernetes.io/name": "Metrics-server"})
    out["ee"] = comp_deploy(c, ks, "event-exporter-gke", g + "event-exporter:v0.4.0-gke.9", 1,
                            labels={"k8s-app": "event-exporter"}, sa="event-exporter-sa", cname="event-exporter", req=None,
                            extra_ctrs=[ctr("prometheus-to-sd-exporter", g + "prometheus-to-sd:v0.11.12-gke.23", req=None)])
    out["l7"] = comp_deploy(c, ks, "l7-default-backend", g + "ingress-gce-404-server-with-metrics:v1.27.0", 1,
                            labels={"k8s-app": "glbc", "name": "glbc"}, cname="default-http-backend", req=("10m", "20Mi"),
                            lim=("10m", "20Mi"), ports=[("http", 8080)], lp=http("/healthz", 8080, d=30, t=5),
                            svc=[("http", 80, 8080)], svc_name="default-http-backend", svc_type="NodePort")
    storageclass(c, "premium-rwo", "pd.csi.storage.gke.io", age - 20, {"type": "pd-ssd"},
                 labels={"addonmanager.kubernetes.io/mode": "EnsureExists"}, ann={"components.gke.io/component-name": "pdcsi"})
    storageclass(c, "standard", "kubernetes.io/gce-pd", age - 20, {"type": "pd-standard"}, binding="Immediate",
                 labels={"addonmanager.kubernetes.io/mode": "EnsureExists"}, expand=True)
    storageclass(c, "standard-rwo", "pd.csi.storage.gke.io", age - 20, {"type": "pd-balanced"}, default=True,
                 labels={"addonmanager.kubernetes.io/mode": "EnsureExists"}, ann={"components.gke.io/component-name": "pdcsi"})
    return out


from .bases_aks import *  # noqa: E402,F401,F403

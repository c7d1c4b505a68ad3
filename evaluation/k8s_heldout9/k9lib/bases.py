"""Platform base clusters: kubeadm, Talos, MicroK8s (k3s/RKE2 in bases_rancher/bases_rke2)."""
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


def _ver(c):
    return c.platform["version"].split("+")[0].split("-")[0]


def kubeadm_base(c, specs, age, net="calico", pod_net="10.244.", ms=True, calico_ver="v3.27.3", kpr=False,
                 cilium_opts=None):
    sysns(c, age)
    mk_nodes(c, specs, pod_net)
    kubernetes_svc(c, [c.nodeinfo[n]["ip"] for n in cps(c)], 6443, age - 10)
    ks = "kube-system"
    cm(c, ks, "kubeadm-config", {"ClusterConfiguration": "apiServer: {}\napiVersion: kubeadm.k8s.io/v1beta3\n"
                                  "clusterName: kubernetes\nkind: ClusterConfiguration\nkubernetesVersion: %s\n"
                                  "networking:\n  dnsDomain: cluster.local\n  podSubnet: %s0.0/16\n  serviceSubnet: 10.96.0.0/12\n"
                                  % (_ver(c), pod_net)}, age - 20)
    cm(c, ks, "kubelet-config", {"kubelet": "apiVersion: kubelet.config.k8s.io/v1beta1\ncgroupDriver: systemd\n"
                                  "clusterDNS:\n- 10.96.0.10\nclusterDomain: cluster.local\nkind: KubeletConfiguration\n"}, age - 20)
    cm(c, ks, "extension-apiserver-authentication", {"client-ca-file": fake_pem(c, "client-ca"),
                                                     "requestheader-allowed-names": "[\"front-proxy-client\"]",
                                                     "requestheader-client-ca-file": fake_pem(c, "front-proxy")}, age - 25)
    control_plane_static(c, _ver(c))
    if not kpr:
        kube_proxy(c, _ver(c))
    dns = coredns(c)
    out = {"dns": dns}
    if net == "calico":
        out["cni"] = cni.calico(c, ver=calico_ver)
    elif net == "cilium":
        out["cni"] = cni.cilium(c, kpr=kpr, **(cilium_opts or {}))
    elif net == "flannel":
        out["cni"] = cni.flannel(c)
    if ms:
        out["ms"] = metrics_server(c)
    return out


def talos_base(c, specs, age, pod_net="10.244.", kpr=True, cilium_opts=None):
    sysns(c, age, extra_public=True)
    mk_nodes(c, specs, pod_net)
    kubernetes_svc(c, [c.nodeinfo[n]["ip"] for n in cps(c)], 6443, age - 10)
    control_plane_static(c, _ver(c), etcd=False)
    if not kpr:
        kube_proxy(c, _ver(c))
    dns = coredns(c, image="registry.k8s.io/coredns/coredns:v1.11.1")
    net = cni.cilium(c, kpr=kpr, **(cilium_opts or {}))
    return {"dns": dns, "cni": net}


def microk8s_base(c, specs, age, pod_net="10.1.", ms=True):
    sysns(c, age, extra_public=False)
    for s in specs:
        s.setdefault("no_cp_taint", True)
        s.setdefault("labels", {})
        s["labels"].setdefault("microk8s.io/cluster", "true")
        s["labels"].setdefault("node.kubernetes.io/microk8s-controlplane", "microk8s-controlplane")
    mk_nodes(c, specs, pod_net)
    kubernetes_svc(c, [c.nodeinfo[n]["ip"] for n in cps(c)], 16443, age - 10)
    out = {"cni": cni.calico(c, ver="v3.25.1")}
    out["dns"] = coredns(c, image="coredns/coredns:1.10.1", n=1, nodes=alln(c))
    out["hostpath"] = comp_deploy(c, "kube-system", "hostpath-provisioner", "cdkbot/hostpath-provisioner:1.5.0", 1,
                                  labels={"k8s-app": "hostpath-provisioner"}, sa="microk8s-hostpath", nodes=alln(c),
                                  env=[EF("NODE_NAME", "spec.nodeName"), E("PV_DIR", "/var/snap/microk8s/common/default-storage")],
                                  mounts=[MT("pv-volume", "/var/snap/microk8s/common/default-storage")],
                                  vols=[VH("pv-volume", "/var/snap/microk8s/common/default-storage")], req=None)
    storageclass(c, "microk8s-hostpath", "microk8s.io/hostpath", age - 500, {"pvDir": "/var/snap/microk8s/common/default-storage"},
                 binding="WaitForFirstConsumer", expand=None, default=True,
                 ann={"kubectl.kubernetes.io/last-applied-configuration": ""})
    if ms:
        out["ms"] = metrics_server(c, image="registry.k8s.io/metrics-server/metrics-server:v0.6.3")
    return out


def _helm_job(c, name, chart_ago, node, img, ns="kube-system", labels=None):
    chart_ago = min(chart_ago, c.ago_of(c.get("nodes", None, node)) - 40 - c.rng.randint(0, 30))
    tp = tmpl({"helmcharts.helm.cattle.io/chart": name.replace("helm-install-", "")},
              [ctr("helm", img, args=["install"], env=[E("NAME", name.replace("helm-install-", "")),
                                                       E("HELM_DRIVER", "secret")],
                   mounts=[MT("values", "/config"), MT("content", "/chart")])],
              volumes=[VS("values", "chart-values-" + name.replace("helm-install-", "")),
                       VC("content", "chart-content-" + name.replace("helm-install-", ""))],
              sa="helm-" + name.replace("helm-install-", ""), restart="OnFailure", nsel={"kubernetes.io/os": "linux"})
    mksa(c, ns, "helm-" + name.replace("helm-install-", ""), chart_ago + 2)
    secret(c, ns, "chart-values-" + name.replace("helm-install-", ""), ["values-01_HelmChart.yaml"], chart_ago + 2)
    cm(c, ns, "chart-content-" + name.replace("helm-install-", ""), {}, chart_ago + 2)
    own = crd_ref(c, "helm.cattle.io/v1", "HelmChart", name.replace("helm-install-", ""))
    d = c.rng.randint(8, 40)
    return job(c, ns, name, tp, chart_ago, [(node, chart_ago - 1, {"helm": T(0, "Completed", chart_ago - 3, chart_ago - 3 - d)})],
               owner=own, outcome="Complete", end_ago=chart_ago - 5 - d, backoff=1000)


from .bases_rancher import *  # noqa: E402,F401,F403

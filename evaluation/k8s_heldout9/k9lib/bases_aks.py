"""Platform base cluster: AKS."""
from .core import D, H, M
from .k8s import namespace, cm, secret
from .net import service
from .pods import ctr, tmpl, tcp, http, ex, VC, VS, VH, VE, MT, E, EF, T, R
from .storage import storageclass
from .comps import comp_deploy, comp_ds, workers, cps, alln
from .platforms import sysns, mk_nodes, kubernetes_svc, coredns, kube_proxy, metrics_server, svc_fixed
from .bases3 import *  # noqa: F401,F403


def aks_base(c, specs, age, cluster="aks-prod-weu", rg="rg-data-prod", region="westeurope"):
    sysns(c, age, extra_public=False)
    sub = c.uid()
    c.platform["sub"] = sub
    c.platform["rg"] = "MC_%s_%s_%s" % (rg, cluster, region)
    for s in specs:
        s.setdefault("labels", {})
        pool = s.get("pool_name", "system")
        s["labels"].update({"agentpool": pool, "kubernetes.azure.com/agentpool": pool,
                            "kubernetes.azure.com/cluster": c.platform["rg"], "kubernetes.azure.com/consolidated-additional-properties": c.uid(),
                            "kubernetes.azure.com/kubelet-identity-client-id": c.uid(), "kubernetes.azure.com/mode": s.get("mode", "system"),
                            "kubernetes.azure.com/node-image-version": "AKSUbuntu-2204gen2containerd-202406.07.0",
                            "kubernetes.azure.com/nodepool-type": "VirtualMachineScaleSets", "kubernetes.azure.com/os-sku": "Ubuntu",
                            "kubernetes.azure.com/role": "agent", "kubernetes.azure.com/storageprofile": "managed",
                            "kubernetes.azure.com/storagetier": "Premium_LRS", "storageprofile": "managed", "storagetier": "Premium_LRS",
                            "topology.disk.csi.azure.com/zone": s["zone"], "kubernetes.io/role": "agent", "node-role.kubernetes.io/agent": ""})
        s["region"] = region
        s["provider_id"] = "azure:///subscriptions/%s/resourceGroups/%s/providers/Microsoft.Compute/virtualMachineScaleSets/aks-%s-%s-vmss/virtualMachines/%s" % (
            sub, c.platform["rg"].lower(), pool, s["name"].split("-")[2], int(s["name"][-2:], 36))
        s["csi"] = dict({"disk.csi.azure.com": s["name"], "file.csi.azure.com": s["name"]}, **s.get("csi", {}))
    mk_nodes(c, specs)
    kubernetes_svc(c, ["%d.%d.%d.%d" % (20, c.rng.randint(50, 120), c.rng.randint(1, 250), c.rng.randint(1, 250))], 443, age - 10)
    ks = "kube-system"
    mcr = "mcr.microsoft.com/oss/"
    out = {}
    out["cns"] = comp_ds(c, ks, "azure-cns", "mcr.microsoft.com/containernetworking/azure-cns:v1.5.28", alln(c),
                         labels={"k8s-app": "azure-cns"}, sa="azure-cns", hostnet=True, pcn="system-node-critical",
                         req=("40m", "250Mi"), lim=("40m", "250Mi"), tol=[{"operator": "Exists"}],
                         init=[ctr("cni-installer", "mcr.microsoft.com/containernetworking/azure-cni:v1.5.28", sc={"privileged": True})])
    out["ipmasq"] = comp_ds(c, ks, "azure-ip-masq-agent", mcr + "kubernetes/ip-masq-agent:v2.5.0.12", alln(c),
                            labels={"k8s-app": "azure-ip-masq-agent", "tier": "node"}, hostnet=True, pcn="system-node-critical",
                            req=("100m", "50Mi"), lim=("500m", "250Mi"), tol=[{"operator": "Exists"}], csc={"privileged": True})
    out["cnm"] = comp_ds(c, ks, "cloud-node-manager", mcr + "kubernetes/azure-cloud-node-manager:v1.29.4", alln(c),
                         labels={"component": "cloud-node-manager", "k8s-app": "cloud-node-manager"}, sa="cloud-node-manager",
                         hostnet=True, pcn="system-node-critical", req=("50m", "50Mi"), lim=(None, "512Mi"), tol=[{"operator": "Exists"}])
    out["dns"] = coredns(c, image=mcr + "kubernetes/coredns:v1.9.4-hotfix.20240704", n=2, nodes=alln(c),
                         labels={"k8s-app": "kube-dns", "kubernetes.io/cluster-service": "true", "version": "v20"})
    out["dnsauto"] = comp_deploy(c, ks, "coredns-autoscaler", mcr + "kubernetes/autoscaler/cluster-proportional-autoscaler:v1.8.9", 1,
                                 labels={"k8s-app": "coredns-autoscaler"}, sa="coredns-autoscaler", cname="autoscaler",
                                 req=("20m", "10Mi"), lim=(None, "500Mi"), pcn="system-node-critical", nodes=alln(c))
    for nm, drv, ver in (("csi-azuredisk-node", "azuredisk", "v1.30.1"), ("csi-azurefile-node", "azurefile", "v1.30.2")):
        out[nm] = comp_ds(c, ks, nm, mcr + "kubernetes-csi/%s-csi:%s" % (drv, ver), alln(c), labels={"app": nm},
                          sa="csi-%s-node-sa" % drv, cname=drv, hostnet=True, pcn="system-node-critical", req=("10m", "20Mi"),
                          lim=(None, "400Mi"), csc={"privileged": True}, tol=[{"operator": "Exists"}],
                          extra_ctrs=[ctr("liveness-probe", mcr + "kubernetes-csi/livenessprobe:v2.12.0", req=("10m", "20Mi")),
                                      ctr("node-driver-registrar", mcr + "kubernetes-csi/csi-node-driver-registrar:v2.10.1", req=("10m", "20Mi"))])
    out["konn"] = comp_deploy(c, ks, "konnectivity-agent", mcr + "kubernetes/apiserver-network-proxy/agent:v0.30.3-hotfix.20240515", 2,
                              labels={"app": "konnectivity-agent", "component": "tunnel"}, sa="konnectivity-agent",
                              req=("20m", "20Mi"), lim=("1", "1Gi"), pcn="system-cluster-critical", nodes=alln(c))
    out["kp"] = kube_proxy(c, "v1.29.4", img_reg=mcr + "kubernetes")
    out["ms"] = comp_deploy(c, ks, "metrics-server", mcr + "kubernetes/metrics-server:v0.6.3", 2,
                            labels={"k8s-app": "metrics-server"}, sa="metrics-server", req=("50m", "85Mi"), lim=("145m", "355Mi"),
                            pcn="system-cluster-critical", nodes=alln(c), svc=[(None, 443, "https")],
                            ports=[("https", 4443)])
    for nm, prov, params, d in (("default", "disk.csi.azure.com", {"skuname": "StandardSSD_LRS"}, True),
                                ("managed-csi", "disk.csi.azure.com", {"skuname": "StandardSSD_LRS"}, False),
                                ("managed-csi-premium", "disk.csi.azure.com", {"skuname": "Premium_LRS"}, False),
                                ("azurefile-csi", "file.csi.azure.com", {"skuName": "Standard_LRS"}, False)):
        storageclass(c, nm, prov, age - 15, params, binding="WaitForFirstConsumer" if "disk" in prov else "Immediate",
                     default=d, labels={"addonmanager.kubernetes.io/mode": "EnsureExists", "kubernetes.io/cluster-service": "true"},
                     mount_opts=["mfsymlinks", "actimeo=30", "nosharesock"] if "file" in prov else None)
    return out

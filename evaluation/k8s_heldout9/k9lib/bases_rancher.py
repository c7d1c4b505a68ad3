"""Platform base cluster: k3s (plus the helm-install Job helper in bases)."""
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


def k3s_base(c, specs, age, pod_net="10.42.", traefik=True):
    sysns(c, age)
    for s in specs:
        s.setdefault("labels", {})
        s["labels"].setdefault("node.kubernetes.io/instance-type", "k3s")
        if s.get("role") in ("control-plane", "master"):
            s["labels"]["node-role.kubernetes.io/control-plane"] = "true"
            s["labels"]["node-role.kubernetes.io/master"] = "true"
            s.setdefault("no_cp_taint", True)
        s.setdefault("ann", {})
        s["ann"].update({"flannel.alpha.coreos.com/backend-type": "vxlan",
                         "flannel.alpha.coreos.com/public-ip": s["ip"], "k3s.io/internal-ip": s["ip"],
                         "k3s.io/hostname": s["name"]})
    mk_nodes(c, specs, pod_net)
    kubernetes_svc(c, [c.nodeinfo[n]["ip"] for n in cps(c)], 6443, age - 10)
    out = {}
    out["dns"] = coredns(c, image="rancher/mirrored-coredns-coredns:1.10.1", n=1, nodes=alln(c),
                         corefile=COREFILE.replace("    forward", "    hosts /etc/coredns/NodeHosts {\n      ttl 60\n      reload 15s\n      fallthrough\n    }\n    forward"))
    cm(c, "kube-system", "local-path-config", {"config.json": "{\n  \"nodePathMap\":[\n  {\n    \"node\":\"DEFAULT_PATH_FOR_NON_LISTED_NODES\",\n    \"paths\":[\"/var/lib/rancher/k3s/storage\"]\n  }\n  ]\n}",
                                               "helperPod.yaml": "apiVersion: v1\nkind: Pod\nmetadata:\n  name: helper-pod\n",
                                               "setup": "#!/bin/sh\nset -eu\nmkdir -m 0777 -p \"${VOL_DIR}\"\n",
                                               "teardown": "#!/bin/sh\nset -eu\nrm -rf \"${VOL_DIR}\"\n"}, age - 40)
    out["lpp"] = comp_deploy(c, "kube-system", "local-path-provisioner", "rancher/local-path-provisioner:v0.0.26", 1,
                             labels={"app": "local-path-provisioner"}, sa="local-path-provisioner-service-account",
                             nodes=alln(c), cmd=["local-path-provisioner", "start", "--config", "/etc/config/config.json"],
                             mounts=[MT("config-volume", "/etc/config/")], vols=[VC("config-volume", "local-path-config")],
                             env=[EF("POD_NAMESPACE", "metadata.namespace")], req=None, pcn="system-node-critical")
    storageclass(c, "local-path", "rancher.io/local-path", age - 45, reclaim="Delete", expand=None, default=True,
                 ann={"objectset.rio.cattle.io/id": "", "objectset.rio.cattle.io/owner-gvk": "k3s.cattle.io/v1, Kind=Addon",
                      "objectset.rio.cattle.io/owner-name": "local-storage", "objectset.rio.cattle.io/owner-namespace": "kube-system"})
    out["ms"] = metrics_server(c, image="rancher/mirrored-metrics-server:v0.7.0")
    if traefik:
        n0 = cps(c)[0]
        _helm_job(c, "helm-install-traefik-crd", age - 60, n0, "rancher/klipper-helm:v0.8.3-build20240228")
        _helm_job(c, "helm-install-traefik", age - 62, n0, "rancher/klipper-helm:v0.8.3-build20240228")
        hl = ("traefik-kube-system", "traefik", "25.0.3_up25.0.0", "v2.10.7", "traefik")
        out["traefik"] = comp_deploy(c, "kube-system", "traefik", "rancher/mirrored-library-traefik:2.10.7", 1, helm=hl,
                                     sa="traefik", nodes=alln(c), ports=[("metrics", 9100), ("traefik", 9000), ("web", 8000), ("websecure", 8443)],
                                     args=["--global.checknewversion", "--entrypoints.web.address=:8000/tcp",
                                           "--entrypoints.websecure.address=:8443/tcp", "--providers.kubernetesingress"],
                                     rp=http("/ping", 9000, d=2, p=10, t=2, f=1), lp=http("/ping", 9000, d=2, p=10, t=2, f=3),
                                     pcn="system-cluster-critical", req=None)
        sv = service(c, "kube-system", "traefik", out["traefik"]["d"]["spec"]["selector"]["matchLabels"],
                     [("web", 80, "web"), ("websecure", 443, "websecure")], c.ago_of(out["traefik"]["d"]),
                     out["traefik"]["tp"]["metadata"]["labels"], typ="LoadBalancer",
                     lb={"ip": c.nodeinfo[cps(c)[0]]["ip"]})
        h = c.sfx(8)
        out["svclb"] = comp_ds(c, "kube-system", "svclb-traefik-" + h, "rancher/klipper-lb:v0.4.7", alln(c),
                               labels={"app": "svclb-traefik-" + h, "svccontroller.k3s.cattle.io/svcname": "traefik",
                                       "svccontroller.k3s.cattle.io/svcnamespace": "kube-system"},
                               cname="lb-tcp-80", ports=[("lb-tcp-80", 80)], automount=False, req=None,
                               env=[E("SRC_PORT", "80"), E("DEST_PROTO", "TCP"), E("DEST_PORTS", str(sv["spec"]["ports"][0]["nodePort"]))],
                               csc={"capabilities": {"add": ["NET_ADMIN"]}},
                               extra_ctrs=[ctr("lb-tcp-443", "rancher/klipper-lb:v0.4.7", [("lb-tcp-443", 443)],
                                               env=[E("SRC_PORT", "443"), E("DEST_PROTO", "TCP")],
                                               sc={"capabilities": {"add": ["NET_ADMIN"]}})],
                               tol=[{"effect": "NoSchedule", "key": "node-role.kubernetes.io/master", "operator": "Exists"},
                                    {"effect": "NoSchedule", "key": "node-role.kubernetes.io/control-plane", "operator": "Exists"},
                                    {"key": "CriticalAddonsOnly", "operator": "Exists"}])
    return out


from .bases_rke2 import *  # noqa: E402,F401,F403

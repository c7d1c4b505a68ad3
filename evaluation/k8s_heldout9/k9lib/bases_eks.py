"""Platform base cluster: Amazon EKS."""
from .core import D, H, M, crd_ref
from .k8s import namespace, cm, secret, sa as mksa, fake_pem
from .net import service
from .pods import ctr, tmpl, tcp, http, ex, VC, VS, VH, VE, MT, E, EF, ES, T, R
from .storage import storageclass
from .comps import comp_deploy, comp_ds, comp_sts, workers, cps, alln
from .platforms import sysns, mk_nodes, kubernetes_svc, coredns, kube_proxy, metrics_server, COREFILE, svc_fixed
from .bases2 import *  # noqa: F401,F403


def eks_base(c, specs, age, region="eu-west-1", cluster="prod", ms=True, ebs=True, lbc=True):
    sysns(c, age, extra_public=False)
    acct = "602401143452.dkr.ecr.%s.amazonaws.com" % region
    for s in specs:
        s.setdefault("labels", {})
        s["labels"].update({"eks.amazonaws.com/capacityType": s.get("cap", "ON_DEMAND"),
                            "eks.amazonaws.com/nodegroup": s.get("ng", "%s-default" % cluster),
                            "eks.amazonaws.com/nodegroup-image": "ami-0" + c.hexs(16),
                            "eks.amazonaws.com/sourceLaunchTemplateId": "lt-0" + c.hexs(16),
                            "eks.amazonaws.com/sourceLaunchTemplateVersion": "1",
                            "k8s.io/cloud-provider-aws": c.hexs(32), "topology.ebs.csi.aws.com/zone": s["zone"],
                            "topology.k8s.aws/zone-id": "%s%s%s-az%d" % (region.split("-")[0], region.split("-")[1][0], region.split("-")[-1], ord(s["zone"][-1]) - 96)})
        s["region"] = region
        iid = "i-0" + c.hexs(16)
        s["provider_id"] = "aws:///%s/%s" % (s["zone"], iid)
        s["csi"] = dict({"ebs.csi.aws.com": iid}, **s.get("csi", {}))
        s.setdefault("ann", {})["alpha.kubernetes.io/provided-node-ip"] = s["ip"]
    mk_nodes(c, specs)
    eips = ["10.0.%d.%d" % (c.rng.randint(96, 127), c.rng.randint(2, 250)) for _ in range(2)]
    c.ips.update(eips)
    kubernetes_svc(c, eips, 443, age - 10)
    ks = "kube-system"
    out = {}
    cm(c, ks, "aws-auth", {"mapRoles": "- groups:\n  - system:bootstrappers\n  - system:nodes\n  rolearn: arn:aws:iam::%d:role/%s-node-role\n  username: system:node:{{EC2PrivateDNSName}}\n" % (c.rng.randint(10 ** 11, 10 ** 12 - 1), cluster)}, age - 30)
    cm(c, ks, "amazon-vpc-cni", {"enable-network-policy-controller": "false", "enable-windows-ipam": "false",
                                 "enable-windows-prefix-delegation": "false", "warm-prefix-target": "0",
                                 "warm-ip-target": "5"}, age - 40, {"app.kubernetes.io/instance": "aws-vpc-cni",
                                                                     "app.kubernetes.io/name": "aws-node", "app.kubernetes.io/version": "v1.18.1"})
    out["cni"] = comp_ds(c, ks, "aws-node", "%s/amazon-k8s-cni:v1.18.1-eksbuild.3" % acct, alln(c),
                         labels={"app.kubernetes.io/instance": "aws-vpc-cni", "app.kubernetes.io/name": "aws-node", "k8s-app": "aws-node"},
                         sa="aws-node", hostnet=True, pcn="system-node-critical", req=("25m", None),
                         ports=[("metrics", 61678)], env=[E("AWS_VPC_K8S_CNI_LOGLEVEL", "DEBUG"), EF("MY_NODE_NAME", "spec.nodeName"),
                                                          E("WARM_ENI_TARGET", "1"), E("ENABLE_PREFIX_DELEGATION", "false")],
                         rp=ex(["/app/grpc-health-probe", "-addr=:50051", "-connect-timeout=5s", "-rpc-timeout=5s"], d=1, t=10),
                         lp=ex(["/app/grpc-health-probe", "-addr=:50051", "-connect-timeout=5s", "-rpc-timeout=5s"], d=60, t=10),
                         init=[ctr("aws-vpc-cni-init", "%s/amazon-k8s-cni-init:v1.18.1-eksbuild.3" % acct, sc={"privileged": True})],
                         extra_ctrs=[ctr("aws-eks-nodeagent", "%s/amazon/aws-network-policy-agent:v1.1.1-eksbuild.2" % acct,
                                         args=["--enable-ipv6=false", "--enable-network-policy=false"], req=("25m", None),
                                         sc={"capabilities": {"add": ["NET_ADMIN"]}, "privileged": True})],
                         tol=[{"operator": "Exists"}], csc={"capabilities": {"add": ["NET_ADMIN", "NET_RAW"]}})
    out["kp"] = comp_ds(c, ks, "kube-proxy", "%s/eks/kube-proxy:v1.29.3-minimal-eksbuild.2" % acct, alln(c),
                        labels={"k8s-app": "kube-proxy"}, sa="kube-proxy", hostnet=True, pcn="system-node-critical",
                        cmd=["kube-proxy", "--v=2", "--config=/var/lib/kube-proxy-config/config", "--hostname-override=$(NODE_NAME)"],
                        env=[EF("NODE_NAME", "spec.nodeName")], req=("100m", None), tol=[{"operator": "Exists"}],
                        csc={"privileged": True})
    out["dns"] = coredns(c, image="%s/eks/coredns:v1.11.1-eksbuild.9" % acct, n=2, nodes=workers(c),
                         labels={"eks.amazonaws.com/component": "coredns", "k8s-app": "kube-dns"})
    out["pia"] = comp_ds(c, ks, "eks-pod-identity-agent", "%s/eks/eks-pod-identity-agent:0.1.6" % acct, alln(c),
                         labels={"app.kubernetes.io/instance": "eks-pod-identity-agent", "app.kubernetes.io/name": "eks-pod-identity-agent"},
                         hostnet=True, pcn="system-node-critical", req=None, tol=[{"operator": "Exists"}],
                         init=[ctr("eks-pod-identity-agent-init", "%s/eks/eks-pod-identity-agent:0.1.6" % acct,
                                   cmd=["/go-runner", "/eks-pod-identity-agent", "initialize"], sc={"privileged": True})])
    if ebs:
        ectrs = [ctr(n, "public.ecr.aws/eks-distro/kubernetes-csi/%s:v%s-eks-1-29-11" % (n, v), req=("10m", "40Mi"))
                 for n, v in (("csi-provisioner", "4.0.1"), ("csi-attacher", "4.5.1"), ("csi-snapshotter", "7.0.2"),
                              ("csi-resizer", "1.10.1"), ("liveness-probe", "2.12.0"))]
        out["ebsc"] = comp_deploy(c, ks, "ebs-csi-controller", "public.ecr.aws/ebs-csi-driver/aws-ebs-csi-driver:v1.31.0", 2,
                                  labels={"app": "ebs-csi-controller", "app.kubernetes.io/component": "csi-driver",
                                          "app.kubernetes.io/managed-by": "EKS", "app.kubernetes.io/name": "aws-ebs-csi-driver",
                                          "app.kubernetes.io/version": "1.31.0"}, sa="ebs-csi-controller-sa", cname="ebs-plugin",
                                  nodes=workers(c), pcn="system-cluster-critical", extra_ctrs=ectrs, req=("10m", "40Mi"),
                                  args=["controller", "--endpoint=$(CSI_ENDPOINT)", "--batching=true", "--logging-format=text"],
                                  lp=http("/healthz", "healthz", d=10, p=10, t=3, f=5), ports=[("healthz", 9808)],
                                  tol=[{"key": "CriticalAddonsOnly", "operator": "Exists"}, {"effect": "NoExecute", "operator": "Exists", "tolerationSeconds": 300}])
        out["ebsn"] = comp_ds(c, ks, "ebs-csi-node", "public.ecr.aws/ebs-csi-driver/aws-ebs-csi-driver:v1.31.0", alln(c),
                              labels={"app": "ebs-csi-node", "app.kubernetes.io/component": "csi-driver",
                                      "app.kubernetes.io/managed-by": "EKS", "app.kubernetes.io/name": "aws-ebs-csi-driver",
                                      "app.kubernetes.io/version": "1.31.0"}, sa="ebs-csi-node-sa", cname="ebs-plugin",
                              pcn="system-node-critical", req=("10m", "40Mi"), csc={"privileged": True},
                              extra_ctrs=[ctr("node-driver-registrar", "public.ecr.aws/eks-distro/kubernetes-csi/node-driver-registrar:v2.10.1-eks-1-29-11", req=("10m", "40Mi")),
                                          ctr("liveness-probe", "public.ecr.aws/eks-distro/kubernetes-csi/livenessprobe:v2.12.0-eks-1-29-11", req=("10m", "40Mi"))],
                              tol=[{"operator": "Exists"}])
        storageclass(c, "gp2", "kubernetes.io/aws-ebs", age - 5, {"fsType": "ext4", "type": "gp2"}, expand=None, default=False)
    if ms:
        out["ms"] = metrics_server(c, image="registry.k8s.io/metrics-server/metrics-server:v0.7.1",
                                   helm=("metrics-server", "metrics-server", "3.12.1", "0.7.1"), n=1)
    if lbc:
        out["lbc"] = comp_deploy(c, ks, "aws-load-balancer-controller", "public.ecr.aws/eks/aws-load-balancer-controller:v2.8.1", 2,
                                 helm=("aws-load-balancer-controller", "aws-load-balancer-controller", "1.8.1", "v2.8.1"),
                                 sa="aws-load-balancer-controller", ports=[("webhook-server", 9443), ("metrics-server", 8080)],
                                 lp=http("/healthz", 61779, d=30, t=10, f=2), req=("100m", "128Mi"), lim=("200m", "256Mi"),
                                 svc=[("webhook-server", 443, "webhook-server")], svc_name="aws-load-balancer-webhook-service",
                                 args=["--cluster-name=%s" % cluster, "--ingress-class=alb"])
    return out

"""k9-26: etcd (Patroni DCS) headless Service without publishNotReadyAddresses; cluster cannot re-form after reboot (kubeadm)."""
from .common import *
from ..registry import incident
from ..bases import kubeadm_base
from ..addons import monitoring, cert_manager

ETCD = "quay.io/coreos/etcd:v3.5.14"


def etcd_sts(c, ns, name, svc, lab, nodes, ago, st=None, pod_ago=None, owner=None, ann=None):
    peers = ",".join("%s-%d=http://%s-%d.%s.%s.svc.cluster.local:2380" % (name, i, name, i, svc, ns) for i in range(3))
    e = ctr("etcd", ETCD, [("client", 2379), ("peer", 2380)], ("250m", "512Mi"), (None, "1Gi"),
            [EF("POD_NAME", "metadata.name"), E("ETCD_NAME", "$(POD_NAME)"), E("ETCD_DATA_DIR", "/var/run/etcd/default.etcd"),
             E("ETCD_INITIAL_CLUSTER", peers), E("ETCD_INITIAL_CLUSTER_STATE", "new"), E("ETCD_INITIAL_CLUSTER_TOKEN", name),
             E("ETCD_LISTEN_PEER_URLS", "http://0.0.0.0:2380"), E("ETCD_LISTEN_CLIENT_URLS", "http://0.0.0.0:2379"),
             E("ETCD_ADVERTISE_CLIENT_URLS", "http://$(POD_NAME).%s.%s.svc.cluster.local:2379" % (svc, ns)),
             E("ETCD_INITIAL_ADVERTISE_PEER_URLS", "http://$(POD_NAME).%s.%s.svc.cluster.local:2380" % (svc, ns))],
            [MT("data", "/var/run/etcd")], cmd=["/usr/local/bin/etcd"],
            rp=http("/readyz", 2379, d=5, p=10, t=5), lp=http("/livez", 2379, d=15, p=10, t=5, f=3), fallback=True)
    tp = tmpl(lab, [e], aff=anti_affinity(lab, required=True))
    s = statefulset(c, ns, name, tp, 3, ago, svc, [("data", "10Gi", "local-ssd")], lab, ann, mgmt="Parallel", owner=owner)
    pods = []
    for i in range(3):
        pods.append(sts_pod(c, s, i, nodes[i], pod_ago[i] if pod_ago else ago - 100, st=(st or {}).get(i), pvc_ago=ago - 5))
    return s, pods


from .k26_build import *  # noqa: E402,F401,F403

"""Constructors for cluster-level and config objects."""
from .core import D, H, M, oref, sha, dc

CA_DESC = ("Contains a CA bundle that can be used to verify the kube-apiserver when using "
           "internal endpoints such as the internal service IP or kubernetes.default.svc. "
           "No other usage is guaranteed across distributions of Kubernetes clusters.")


def fake_pem(c, tag):
    body = sha(c.iid + tag, 64) + sha(tag + c.iid, 64)
    return "-----BEGIN CERTIFICATE-----\nMIIDBTCCAe2gAwIBAgII" + body[:44] + "\n" + body[44:108] + \
        "\n-----END CERTIFICATE-----\n"


def namespace(c, name, ago, labels=None, ann=None):
    lab = {"kubernetes.io/metadata.name": name}
    lab.update(labels or {})
    a = dict(ann or {})
    if c.platform["name"] == "openshift":
        base = c.rng.randrange(1000600000, 1000900000, 10000)
        a.setdefault("openshift.io/sa.scc.mcs", "s0:c%d,c%d" % (c.rng.randint(20, 30), c.rng.randint(1, 19)))
        a.setdefault("openshift.io/sa.scc.supplemental-groups", "%d/10000" % base)
        a.setdefault("openshift.io/sa.scc.uid-range", "%d/10000" % base)
        if not name.startswith(("openshift", "kube-", "default")):
            lab.setdefault("pod-security.kubernetes.io/audit", "restricted")
            lab.setdefault("pod-security.kubernetes.io/audit-version", "v1.24")
            lab.setdefault("pod-security.kubernetes.io/warn", "restricted")
            lab.setdefault("pod-security.kubernetes.io/warn-version", "v1.24")
    o = c.new("namespaces", name, None, ago, lab, a or None)
    o["spec"] = {"finalizers": ["kubernetes"]}
    o["status"] = {"phase": "Active"}
    sa(c, name, "default", ago - 1)
    cm(c, name, "kube-root-ca.crt", {"ca.crt": fake_pem(c, "root-ca")}, ago - 1,
       ann={"kubernetes.io/description": CA_DESC})
    if c.platform["name"] == "openshift":
        cm(c, name, "openshift-service-ca.crt", {"service-ca.crt": fake_pem(c, "svc-ca")}, ago - 1,
           ann={"service.beta.openshift.io/inject-cabundle": "true"})
        for s in ("builder", "deployer"):
            sa(c, name, s, ago - 2)
    return o


def sa(c, ns, name, ago, labels=None, ann=None, automount=None, pull=None):
    if c.get("serviceaccounts", ns, name):
        return c.get("serviceaccounts", ns, name)
    o = c.new("serviceaccounts", name, ns, ago, labels, ann)
    if automount is not None:
        o["automountServiceAccountToken"] = automount
    pulls = list(pull or [])
    if c.platform["name"] == "openshift":
        dn = "%s-dockercfg-%s" % (name, c.sfx(5))
        secret(c, ns, dn, [".dockercfg"], ago - 1, typ="kubernetes.io/dockercfg",
               ann={"kubernetes.io/service-account.name": name,
                    "openshift.io/token-secret.name": "%s-token-%s" % (name, c.sfx(5))},
               owner=oref(o, controller=True, block=False))
        pulls.append(dn)
        o["secrets"] = [{"name": dn}]
    if pulls:
        o["imagePullSecrets"] = [{"name": p} for p in pulls]
    return o


def cm(c, ns, name, data, ago, labels=None, ann=None, owner=None):
    o = c.new("configmaps", name, ns, ago, labels, ann, owner)
    o["data"] = dict(data)
    return o


def secret(c, ns, name, keys, ago, labels=None, ann=None, typ="Opaque", owner=None):
    o = c.new("secrets", name, ns, ago, labels, ann, owner)
    o["data"] = {k: "" for k in keys}
    o["type"] = typ
    return o


def helm_labels(release, chart, chart_ver, app_ver, name=None, component=None, extra=None):
    lab = {"app.kubernetes.io/instance": release, "app.kubernetes.io/managed-by": "Helm",
           "app.kubernetes.io/name": name or chart, "helm.sh/chart": "%s-%s" % (chart, chart_ver)}
    if app_ver:
        lab["app.kubernetes.io/version"] = app_ver
    if component:
        lab["app.kubernetes.io/component"] = component
    lab.update(extra or {})
    return lab


def helm_ann(release, ns):
    return {"meta.helm.sh/release-name": release, "meta.helm.sh/release-namespace": ns}


def helm_release(c, ns, release, revs, first_ago, last_ago):
    """Helm v3 release secrets sh.helm.release.v1.<rel>.vN (last one deployed)."""
    out = []
    for i in range(1, revs + 1):
        ago = first_ago if revs == 1 else int(first_ago - (first_ago - last_ago) * (i - 1) / (revs - 1))
        epoch = int(c.snap.timestamp()) - ago
        lab = {"modifiedAt": str(epoch + 2), "name": release, "owner": "helm",
               "status": "deployed" if i == revs else "superseded", "version": str(i)}
        out.append(secret(c, ns, "sh.helm.release.v1.%s.v%d" % (release, i), ["release"], ago,
                          typ="helm.sh/release.v1", labels=lab))
    return out


def node(c, name, ip, pool, ago, role="worker", zone=None, region=None, cpu=8, mem_gi=32,
         max_pods=110, labels=None, ann=None, taints=None, itype=None, provider_id=None,
         unschedulable=False, conditions=None, pod_cidr=None, csi=None, ready_since=None):
    p = c.platform
    lab = {"beta.kubernetes.io/arch": "amd64", "beta.kubernetes.io/os": "linux",
           "kubernetes.io/arch": "amd64", "kubernetes.io/hostname": name.split(".")[0] if p.get("short_host") else name,
           "kubernetes.io/os": "linux"}
    if role in ("control-plane", "master"):
        lab["node-role.kubernetes.io/control-plane"] = ""
        if p.get("master_label"):
            lab["node-role.kubernetes.io/master"] = ""
        if p.get("etcd_label"):
            lab["node-role.kubernetes.io/etcd"] = "true"
            lab["node-role.kubernetes.io/control-plane"] = "true"
        lab["node.kubernetes.io/exclude-from-external-load-balancers"] = ""
    elif p.get("worker_label"):
        lab["node-role.kubernetes.io/worker"] = ""
    if zone:
        lab["topology.kubernetes.io/zone"] = zone
        lab["failure-domain.beta.kubernetes.io/zone"] = zone
    if region:
        lab["topology.kubernetes.io/region"] = region
        lab["failure-domain.beta.kubernetes.io/region"] = region
    if itype:
        lab["node.kubernetes.io/instance-type"] = itype
        lab["beta.kubernetes.io/instance-type"] = itype
    lab.update(labels or {})
    a = {"node.alpha.kubernetes.io/ttl": "0",
         "volumes.kubernetes.io/controller-managed-attach-detach": "true"}
    a.update(p.get("node_ann", {}))
    if csi:
        a["csi.volume.kubernetes.io/nodeid"] = "{" + ",".join(
            '"%s":"%s"' % (k, v) for k, v in sorted(csi.items())) + "}"
    a.update(ann or {})
    o = c.new("nodes", name, None, ago, lab, a)
    spec = {}
    if pod_cidr:
        spec["podCIDR"] = pod_cidr
        spec["podCIDRs"] = [pod_cidr]
    if provider_id:
        spec["providerID"] = provider_id
    if taints:
        spec["taints"] = taints
    if unschedulable:
        spec["unschedulable"] = True
    o["spec"] = spec
    alloc_cpu = "%dm" % (cpu * 1000 - (90 if cpu <= 4 else 190))
    mem_ki = mem_gi * 1024 * 1024
    rs = ready_since if ready_since is not None else ago - 20
    if conditions is None:
        conditions = healthy_conditions(c, rs)
    o["status"] = {
        "addresses": [{"address": ip, "type": "InternalIP"},
                      {"address": name, "type": "Hostname"}],
        "allocatable": {"cpu": alloc_cpu, "ephemeral-storage": str(int(96 * 1024 ** 3 * 0.9)),
                        "hugepages-1Gi": "0", "hugepages-2Mi": "0",
                        "memory": "%dKi" % (mem_ki - 742400), "pods": str(max_pods)},
        "capacity": {"cpu": str(cpu), "ephemeral-storage": "%dKi" % (100 * 1024 * 1024),
                     "hugepages-1Gi": "0", "hugepages-2Mi": "0", "memory": "%dKi" % mem_ki,
                     "pods": str(max_pods)},
        "conditions": conditions,
        "daemonEndpoints": {"kubeletEndpoint": {"Port": 10250}},
        "nodeInfo": {"architecture": "amd64", "bootID": c.uid(),
                     "containerRuntimeVersion": p["runtime"], "kernelVersion": p["kernel"],
                     "kubeProxyVersion": p["version"], "kubeletVersion": p["version"],
                     "machineID": c.hexs(32), "operatingSystem": "linux",
                     "osImage": p["os"], "systemUUID": c.uid()},
    }
    c.nodeinfo[name] = {"ip": ip, "pool": pool, "zone": zone, "role": role, "obj": o}
    c.ips.add(ip)
    return o


def healthy_conditions(c, since, hb=None):
    hb = c.ts(hb if hb is not None else c.rng.randint(5, 50))
    t = c.ts(since)
    rows = [("MemoryPressure", "KubeletHasSufficientMemory", "kubelet has sufficient memory available"),
            ("DiskPressure", "KubeletHasNoDiskPressure", "kubelet has no disk pressure"),
            ("PIDPressure", "KubeletHasSufficientPID", "kubelet has sufficient PID available")]
    out = [{"lastHeartbeatTime": hb, "lastTransitionTime": t, "message": m, "reason": r,
            "status": "False", "type": ty} for ty, r, m in rows]
    out.append({"lastHeartbeatTime": hb, "lastTransitionTime": t,
                "message": "kubelet is posting ready status", "reason": "KubeletReady",
                "status": "True", "type": "Ready"})
    return out


def unknown_conditions(c, since, hb_ago):
    hb = c.ts(hb_ago)
    t = c.ts(since)
    out = []
    for ty in ("MemoryPressure", "DiskPressure", "PIDPressure", "Ready"):
        out.append({"lastHeartbeatTime": hb, "lastTransitionTime": t,
                    "message": "Kubelet stopped posting node status.", "reason": "NodeStatusUnknown",
                    "status": "Unknown", "type": ty})
    return out


def taint(key, effect, value=None, added=None):
    t = {"effect": effect, "key": key}
    if value is not None:
        t["value"] = value
    if added is not None:
        t["timeAdded"] = added
    return t

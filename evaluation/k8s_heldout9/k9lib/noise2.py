"""Background noise: evicted leftovers, node boot events, quotas, benign NetworkPolicies, busy CronJobs, old restarts."""
from .core import D, H, M, parse_ts
from .k8s import namespace, cm, secret, sa as mksa
from .net import event, kev, cev, scheduled
from .pods import ctr, tmpl, tcp, http, ex, VC, VS, VE, MT, E, ES, R, W, CL, L, T
from .comps import comp_deploy, workers
from .noise import *  # noqa: F401,F403


def evicted_leftover(c, rs, node, days, resource="memory", image=None):
    """An old evicted pod of a Deployment, still listed (phase Failed)."""
    from .podinst import pod
    from .core import oref
    pa = days * D + c.rng.randint(100, 5000)
    cname = rs["spec"]["template"]["spec"]["containers"][0]["name"]
    if resource == "memory":
        msg = "The node was low on resource: memory. Threshold quantity: 100Mi, available: %dKi. Container %s was using %dKi, request is 128Mi, has larger consumption of memory. " % (
            c.rng.randint(60000, 99000), cname, c.rng.randint(700000, 1900000))
    else:
        msg = "The node was low on resource: ephemeral-storage. Threshold quantity: 10%%, available: %dKi. Container %s was using %dKi, request is 0, has larger consumption of ephemeral-storage. " % (
            c.rng.randint(2000000, 9000000), cname, c.rng.randint(4000000, 19000000))
    end = pa - c.rng.randint(3600, 20000)
    st = {cc["name"]: T(137, "Error", pa - 5, end, None) for cc in rs["spec"]["template"]["spec"]["containers"]}
    p = pod(c, rs["metadata"]["namespace"], "%s-%s" % (rs["metadata"]["name"], c.sfx(5)), rs["spec"]["template"], node,
            oref(rs), pa, st, phase="Failed", reason="Evicted", message=msg, sandbox=False,
            disruption=(end, "TerminationByKubelet", msg.split(".")[0] + "."), gen_name=rs["metadata"]["name"] + "-")
    return p


def node_boot_events(c, node_obj, ago):
    """kubelet/node-controller events for a node that joined within the TTL window."""
    n = node_obj["metadata"]["name"]
    host = n
    event(c, node_obj, "Starting", "Starting kubelet.", "Normal", 1, ago, comp="kubelet", host=host)
    event(c, node_obj, "NodeAllocatableEnforced", "Updated Node Allocatable limit across pods", "Normal", 1, ago - 1,
          comp="kubelet", host=host)
    for r, m in (("NodeHasSufficientMemory", "status is now: NodeHasSufficientMemory"),
                 ("NodeHasNoDiskPressure", "status is now: NodeHasNoDiskPressure"),
                 ("NodeHasSufficientPID", "status is now: NodeHasSufficientPID")):
        event(c, node_obj, r, "Node %s %s" % (n, m), "Normal", 2, ago - 1, ago - 2, comp="kubelet", host=host)
    event(c, node_obj, "RegisteredNode", "Node %s event: Registered Node %s in Controller" % (n, n), "Normal", 1, ago - 3,
          comp="node-controller")
    event(c, node_obj, "NodeReady", "Node %s status is now: NodeReady" % n, "Normal", 1, ago - 15, comp="kubelet", host=host)


def sandbox_quota(c, ns, cpu="8", mem="16Gi", pods="20"):
    from .net import quota
    return quota(c, ns, "sandbox-quota", {"pods": pods, "requests.cpu": cpu, "requests.memory": mem, "persistentvolumeclaims": "5"},
                 c.ago_of(c.get("namespaces", None, ns)) - 30, {"app.kubernetes.io/managed-by": "namespace-provisioner"})


def app_netpols(c, ns, ingress_ns=None, monitoring_ns=None, openshift=False, ago=None):
    """Benign, commonly seen policies: same-namespace + ingress controller + monitoring."""
    from .net import netpol
    ago = ago or c.ago_of(c.get("namespaces", None, ns)) - 60
    out = [netpol(c, ns, "allow-same-namespace", {"podSelector": {}, "policyTypes": ["Ingress"],
                                                  "ingress": [{"from": [{"podSelector": {}}]}]}, ago)]
    if openshift:
        out.append(netpol(c, ns, "allow-from-openshift-ingress", {"podSelector": {}, "policyTypes": ["Ingress"], "ingress": [{"from": [
            {"namespaceSelector": {"matchLabels": {"policy-group.network.openshift.io/ingress": ""}}}]}]}, ago))
        out.append(netpol(c, ns, "allow-from-openshift-monitoring", {"podSelector": {}, "policyTypes": ["Ingress"], "ingress": [{"from": [
            {"namespaceSelector": {"matchLabels": {"network.openshift.io/policy-group": "monitoring"}}}]}]}, ago))
        out.append(netpol(c, ns, "allow-from-same-project-and-dbs", {"podSelector": {}, "policyTypes": ["Ingress"], "ingress": [{}]}, ago))
    else:
        if ingress_ns:
            out.append(netpol(c, ns, "allow-from-ingress", {"podSelector": {}, "policyTypes": ["Ingress"], "ingress": [{"from": [
                {"namespaceSelector": {"matchLabels": {"kubernetes.io/metadata.name": ingress_ns}}}]}]}, ago))
        if monitoring_ns:
            out.append(netpol(c, ns, "allow-prometheus", {"podSelector": {}, "policyTypes": ["Ingress"], "ingress": [{"from": [
                {"namespaceSelector": {"matchLabels": {"kubernetes.io/metadata.name": monitoring_ns}}}]}]}, ago))
        out.append(netpol(c, ns, "allow-all-egress", {"podSelector": {}, "policyTypes": ["Egress"], "egress": [{}]}, ago))
    return out


def busy_cron(c, ns, name, image, nodes, period=600, cmd=None, labels=None):
    """Frequent CronJob giving recent Completed jobs and lifecycle events."""
    from .workloads import cronjob
    from .pods import tmpl, ctr
    sched = "*/%d * * * *" % (period // 60)
    tp = tmpl(labels or {"app.kubernetes.io/name": name}, [ctr(name, image, cmd=cmd, req=("10m", "32Mi"), lim=(None, "128Mi"))],
              restart="Never")
    return cronjob(c, ns, name, tp, sched, period, 0, c.ago_of(c.get("namespaces", None, ns)) - 600, ["ok", "ok", "ok"], nodes,
                   dur=(3, 25))


def old_restart(c, pod, days=3, reason="OOMKilled", exit_code=137, cname=None):
    """Give a running container an old restart in lastState."""
    for cs in pod["status"]["containerStatuses"]:
        if (cname is None or cs["name"] == cname) and "running" in cs["state"]:
            end = days * D + c.rng.randint(100, 5000)
            if c.ago_of(pod) < end + 60:
                return
            cs["lastState"] = {"terminated": {"containerID": cs["containerID"], "exitCode": exit_code, "finishedAt": c.ts(end),
                                              "reason": reason, "startedAt": c.ts(min(c.ago_of(pod) - 10, end + c.rng.randint(3600, 90000)))}}
            cs["restartCount"] += c.rng.randint(1, 3)
            cs["containerID"] = cs["containerID"].split("://")[0] + "://" + c.hexs(64)
            cs["state"] = {"running": {"startedAt": c.ts(end - 2)}}
            return


def restart_once(c, pod, end_ago, reason="Error", exit_code=1, cname=None):
    """A single early restart (e.g. an agent racing its dependencies at node start-up)."""
    for cs in pod["status"]["containerStatuses"]:
        if (cname is None or cs["name"] == cname) and "running" in cs["state"]:
            start = min(c.ago_of(pod) - 3, end_ago + c.rng.randint(5, 40))
            cs["lastState"] = {"terminated": {"containerID": cs["containerID"], "exitCode": exit_code, "finishedAt": c.ts(end_ago),
                                              "reason": reason, "startedAt": c.ts(start)}}
            cs["restartCount"] += 1
            cs["containerID"] = cs["containerID"].split("://")[0] + "://" + c.hexs(64)
            cs["state"] = {"running": {"startedAt": c.ts(end_ago - 1)}}
            return pod

"""Shared helpers for incident definitions."""
from ..core import D, H, M, dc, oref, crd_ref
from ..k8s import namespace, cm, secret, sa, helm_release, helm_labels, helm_ann, taint, node
from ..net import service, manual_endpoints, netpol, ingress, quota, event, kev, cev, sched_fail, scheduled
from ..pods import (ctr, tmpl, tcp, http, ex, VC, VS, VP, VE, VH, MT, E, ES, EC, EF, ER, R, W, T, L, CL,
                    anti_affinity)
from ..podinst import pod
from ..storage import storageclass, pvc, static_pv, bind
from ..workloads import deployment, rs_pods, statefulset, sts_pod, daemonset, job, cronjob, noise_run
from ..comps import comp_deploy, comp_ds, comp_sts, workers, cps, alln
from ..noise import sandbox, blip, evicted_leftover, sandbox_quota, app_netpols, busy_cron, old_restart, restart_once
from ..platforms import profile


def crash_events(c, p, cname, restarts, first, last=None, image=None, init=False):
    """kubelet events for a crash-looping container."""
    last = last if last is not None else c.rng.randint(5, 60)
    img = image or next(x["image"] for x in p["spec"]["containers"] + p["spec"].get("initContainers", [])
                        if x["name"] == cname)
    md = p["metadata"]
    kev(c, p, "Pulled", 'Container image "%s" already present on machine' % img, "Normal", restarts + 1, first, last + 30,
        cname, init=init)
    kev(c, p, "Created", "Created container %s" % cname, "Normal", restarts + 1, first, last + 30, cname, init=init)
    kev(c, p, "Started", "Started container %s" % cname, "Normal", restarts + 1, first, last + 29, cname, init=init)
    return kev(c, p, "BackOff", "Back-off restarting failed container %s in pod %s_%s(%s)" % (
        cname, md["name"], md["namespace"], md["uid"]), "Warning", restarts * 4 + 3, first - 40, last, cname, init=init)


def pull_fail_events(c, p, cname, image, err, first, count=12, last=None):
    last = last if last is not None else c.rng.randint(5, 90)
    kev(c, p, "Pulling", 'Pulling image "%s"' % image, "Normal", count // 3 + 1, first, last + 20, cname)
    kev(c, p, "Failed", 'Failed to pull image "%s": %s' % (image, err), "Warning", count // 3 + 1, first - 2, last + 19, cname)
    kev(c, p, "Failed", "Error: ErrImagePull", "Warning", count // 3 + 1, first - 2, last + 19, cname)
    kev(c, p, "BackOff", 'Back-off pulling image "%s"' % image, "Normal", count, first - 5, last, cname)
    kev(c, p, "Failed", "Error: ImagePullBackOff", "Warning", count, first - 5, last, cname)


def unhealthy(c, p, cname, kind, msg, count, first, last=None):
    return kev(c, p, "Unhealthy", "%s probe failed: %s" % (kind, msg), "Warning", count, first,
               last if last is not None else c.rng.randint(3, 40), cname)


def ns_age(c, ns):
    return c.ago_of(c.get("namespaces", None, ns))


def app_deploy(c, ns, name, image, n, ago, ports=(("http", 8080),), env=(), rp=None, lp=None, req=("100m", "256Mi"),
               lim=(None, "512Mi"), svc=True, labels=None, st=None, pod_ago=None, old=1, sa_name=None, nodes=None,
               mounts=(), vols=(), **kw):
    lab = labels or {"app.kubernetes.io/name": name, "app.kubernetes.io/part-of": ns}
    return comp_deploy(c, ns, name, image, n, ago, labels=lab, ports=list(ports), env=list(env), rp=rp, lp=lp, req=req,
                       lim=lim, svc=[(p[0], 80 if p[0] == "http" else p[1], p[0]) for p in ports] if svc else None,
                       st=st, pod_ago=pod_ago, old=old, sa=sa_name, nodes=nodes, mounts=mounts, vols=vols, **kw)


def kill_node(c, nd, since, evict=True, taint_kind="unreachable", skip=()):
    """Node stopped reporting `since` seconds ago. Marks pods NotReady; RS pods get evicted after 300s
    (deletionTimestamp) and replaced on `replace_on` nodes by the caller via returned list."""
    from ..k8s import unknown_conditions
    no = c.get("nodes", None, nd)
    no["status"]["conditions"] = unknown_conditions(c, since, since + c.rng.randint(20, 40))
    ta = c.ts(since - c.rng.randint(1, 5))
    no["spec"]["taints"] = list(no["spec"].get("taints", [])) + [
        taint("node.kubernetes.io/%s" % taint_kind, "NoSchedule", added=ta), taint("node.kubernetes.io/%s" % taint_kind, "NoExecute", added=ta)]
    event(c, no, "NodeNotReady", "Node %s status is now: NodeNotReady" % nd, "Normal", 1, since - 5, comp="node-controller")
    evicted = []
    for p in c.all("pods"):
        if p["spec"].get("nodeName") != nd or p["metadata"]["name"] in skip:
            continue
        if p["status"].get("phase") in ("Succeeded", "Failed"):
            continue
        for cd in p["status"]["conditions"]:
            if cd["type"] in ("Ready", "ContainersReady") and cd["status"] == "True":
                cd["status"] = "False"
                cd["lastTransitionTime"] = c.ts(since - 8)
        for cs in p["status"].get("containerStatuses", []):
            cs["ready"] = False
        event(c, p, "NodeNotReady", "Node is not ready", "Warning", 1, since - 8, comp="node-controller")
        kinds = [r["kind"] for r in p["metadata"].get("ownerReferences", [])]
        if evict and "DaemonSet" not in kinds and "Node" not in kinds:
            t = since - 300 - c.rng.randint(1, 20)
            grace = p["spec"].get("terminationGracePeriodSeconds", 30)
            p["metadata"]["deletionTimestamp"] = c.ts(max(t - grace, 0))
            p["metadata"]["deletionGracePeriodSeconds"] = grace
            event(c, p, "TaintManagerEviction", "Marking for deletion Pod %s/%s" % (p["metadata"]["namespace"], p["metadata"]["name"]),
                  "Normal", 1, t, comp="taint-eviction-controller" if c.minor >= 29 else "taint-controller")
            evicted.append((p, t))
    return evicted


def reboot_node(c, nd, at, down=90):
    """Node rebooted `at` seconds ago: kubelet events, fresh Ready transition, DaemonSet/static containers restarted."""
    from ..k8s import healthy_conditions
    no = c.get("nodes", None, nd)
    no["status"]["conditions"] = healthy_conditions(c, at - 20)
    no["status"]["nodeInfo"]["bootID"] = c.uid()
    event(c, no, "Starting", "Starting kubelet.", "Normal", 1, at, comp="kubelet", host=nd)
    event(c, no, "Rebooted", "Node %s has been rebooted, boot id: %s" % (nd, no["status"]["nodeInfo"]["bootID"]), "Warning", 1,
          at - 1, comp="kubelet", host=nd)
    event(c, no, "NodeNotReady", "Node %s status is now: NodeNotReady" % nd, "Normal", 1, at + down, comp="node-controller")
    event(c, no, "NodeReady", "Node %s status is now: NodeReady" % nd, "Normal", 1, at - 20, comp="kubelet", host=nd)
    for p in c.all("pods"):
        if p["spec"].get("nodeName") != nd or c.ago_of(p) < at:
            continue
        if p["status"].get("phase") in ("Succeeded", "Failed"):
            continue
        for cs in p["status"].get("containerStatuses", []):
            if "running" in cs["state"]:
                cs["lastState"] = {"terminated": {"containerID": cs["containerID"], "exitCode": 255,
                                                  "finishedAt": c.ts(at + down - 5), "reason": "Unknown",
                                                  "startedAt": cs["state"]["running"]["startedAt"]}}
                cs["restartCount"] += 1
                cs["containerID"] = cs["containerID"].split("://")[0] + "://" + c.hexs(64)
                cs["state"] = {"running": {"startedAt": c.ts(at - c.rng.randint(25, 60))}}
        for cd in p["status"]["conditions"]:
            if cd["type"] in ("Ready", "ContainersReady", "PodReadyToStartContainers"):
                cd["lastTransitionTime"] = c.ts(at - c.rng.randint(60, 90))

"""Background noise: sandbox breakage, readiness blips, recent lifecycle events (more in noise2)."""
from .core import D, H, M, parse_ts
from .k8s import namespace, cm, secret, sa as mksa
from .net import event, kev, cev, scheduled
from .pods import ctr, tmpl, tcp, http, ex, VC, VS, VE, MT, E, ES, R, W, CL, L, T
from .comps import comp_deploy, workers


def sandbox(c, ns, variant, app, image, days, nodes=None, ns_age=None, labels=None, owner_label="team"):
    """A namespace with something broken for days (not the incident)."""
    nsago = ns_age or (days + c.rng.randint(3, 40)) * D
    if not c.get("namespaces", None, ns):
        namespace(c, ns, nsago, labels or {owner_label: "sandbox"})
    pa = days * D + c.rng.randint(0, 20000)
    nodes = nodes or workers(c)
    if variant == "crashloop":
        msg = c.pick(["Error: Cannot find module '/app/dist/main.js'\n    at Module._resolveFilename (node:internal/modules/cjs/loader:1145:15)",
                      "panic: open /etc/app/config.yaml: no such file or directory\n\ngoroutine 1 [running]:\nmain.main()\n\t/src/cmd/server/main.go:41 +0x1d4",
                      "Traceback (most recent call last):\n  File \"/app/main.py\", line 7, in <module>\n    import psycopg2\nModuleNotFoundError: No module named 'psycopg2'"])
        rc = int(pa / 300)
        st = {app: CL(rc, 1, "Error", 190, 185, msg)}
        r = comp_deploy(c, ns, app, image, 1, pa + 100, nodes=nodes, pod_ago=pa, st=[st], fallback=True,
                        ports=[("http", 8080)], req=("50m", "64Mi"))
        p = r["pods"][0]
        kev(c, p, "BackOff", "Back-off restarting failed container %s in pod %s_%s(%s)" % (
            app, p["metadata"]["name"], ns, p["metadata"]["uid"]), "Warning", rc * 11 + 7, pa - 60, c.rng.randint(5, 170), app)
        kev(c, p, "Pulled", 'Container image "%s" already present on machine' % image, "Normal", rc, pa - 30, 190, app)
        return r
    if variant == "imagepull":
        st = {app: W("ImagePullBackOff", 'Back-off pulling image "%s"' % image)}
        r = comp_deploy(c, ns, app, image, 1, pa + 100, nodes=nodes, pod_ago=pa, st=[st], req=("50m", "64Mi"))
        p = r["pods"][0]
        n = int(pa / 300)
        kev(c, p, "BackOff", 'Back-off pulling image "%s"' % image, "Normal", n * 20, pa - 40, c.rng.randint(3, 100), app)
        kev(c, p, "Failed", "Error: ImagePullBackOff", "Warning", n * 20, pa - 40, c.rng.randint(3, 100), app)
        return r
    if variant == "pending":
        r = comp_deploy(c, ns, app, image, 1, pa + 100, nodes=[None], pod_ago=pa, req=("16", "96Gi"),
                        st=None)
        p = r["pods"][0]
        n = len(c.nodeinfo)
        msg = "0/%d nodes are available: %d Insufficient cpu, %d Insufficient memory. preemption: 0/%d nodes are available: %d No preemption victims found for incoming pod." % (n, n, n, n, n)
        p["status"]["conditions"][0]["message"] = msg
        from .net import sched_fail
        sched_fail(c, p, msg, c.rng.randint(300, 3000), c.rng.randint(30, 280), count=c.rng.randint(20, 90))
        return r
    if variant == "configerror":
        st = {app: W("CreateContainerConfigError", 'secret "%s-credentials" not found' % app)}
        c.allow_missing("Secret", ns, app + "-credentials")
        r = comp_deploy(c, ns, app, image, 1, pa + 100, nodes=nodes, pod_ago=pa, st=[st], req=("50m", "64Mi"),
                        env=[ES("API_TOKEN", app + "-credentials", "token")])
        p = r["pods"][0]
        kev(c, p, "Failed", 'Error: secret "%s-credentials" not found' % app, "Warning", int(pa / 120), pa - 20,
            c.rng.randint(3, 110), app)
        kev(c, p, "Pulled", 'Container image "%s" already present on machine' % image, "Normal", int(pa / 120), pa - 20,
            c.rng.randint(3, 110), app)
        return r
    raise ValueError(variant)


def _probe_msg(c, pod, kind="Readiness"):
    cc = pod["spec"]["containers"][0]
    pr = cc.get(kind.lower() + "Probe")
    ip = pod["status"].get("podIP", "10.0.0.1")
    if not pr:
        return None, None
    if "httpGet" in pr:
        port = pr["httpGet"]["port"]
        if isinstance(port, str):
            port = next((p["containerPort"] for p in cc.get("ports", []) if p.get("name") == port), 8080)
        return cc["name"], '%s probe failed: Get "%s://%s:%s%s": context deadline exceeded (Client.Timeout exceeded while awaiting headers)' % (
            kind, pr["httpGet"].get("scheme", "HTTP").lower(), ip, port, pr["httpGet"]["path"])
    if "tcpSocket" in pr:
        port = pr["tcpSocket"]["port"]
        if isinstance(port, str):
            port = next((p["containerPort"] for p in cc.get("ports", []) if p.get("name") == port), 0)
        return cc["name"], "%s probe failed: dial tcp %s:%s: i/o timeout" % (kind, ip, port)
    return cc["name"], "%s probe errored: rpc error: code = DeadlineExceeded desc = failed to exec in container: timeout %ds exceeded: context deadline exceeded" % (
        kind, pr.get("timeoutSeconds", 1))


def blip(c, pod, first=None, count=None):
    """Readiness probe blip on a healthy pod within the TTL window."""
    name, msg = _probe_msg(c, pod)
    if not msg:
        return None
    first = first or c.rng.randint(900, 3300)
    count = count or c.rng.randint(1, 3)
    return kev(c, pod, "Unhealthy", msg, "Warning", count, first, max(first - 30 * (count - 1), 1), name)


def lifecycle_events(c, window=3500):
    """Scheduled/Pulled/Created/Started for pods created within the window, job/cronjob controller events."""
    for p in c.all("pods"):
        ago = c.ago_of(p)
        if ago > window or c.hints_of(p).get("no_auto_events"):
            continue
        if not p["spec"].get("nodeName"):
            continue
        if not p["metadata"].get("ownerReferences", [{}])[0].get("kind") == "Node":
            scheduled(c, p, ago)
        st = p["status"]
        allc = [(x, True) for x in p["spec"].get("initContainers", [])] + [(x, False) for x in p["spec"]["containers"]]
        stat = {s["name"]: s for s in st.get("initContainerStatuses", []) + st.get("containerStatuses", [])}
        t = ago - 2
        for cc, init in allc:
            s = stat.get(cc["name"])
            if not s or not ("running" in s["state"] or "terminated" in s["state"]):
                continue
            nago = c.ago_of(c.get("nodes", None, p["spec"]["nodeName"]))
            if nago - ago < 900:
                dur = c.rng.randint(800, 9000) / 1000.0
                kev(c, p, "Pulling", 'Pulling image "%s"' % cc["image"], "Normal", 1, t + 2, None, cc["name"], init=init)
                kev(c, p, "Pulled", 'Successfully pulled image "%s" in %.3fs (%.3fs including waiting). Image size: %d bytes.' % (
                    cc["image"], dur, dur + c.rng.randint(0, 3000) / 1000.0, c.rng.randint(9, 400) * 1000003),
                    "Normal", 1, t, None, cc["name"], init=init)
            else:
                kev(c, p, "Pulled", 'Container image "%s" already present on machine' % cc["image"], "Normal", 1, t, None, cc["name"], init=init)
            kev(c, p, "Created", "Created container %s" % cc["name"], "Normal", 1, t, None, cc["name"], init=init)
            kev(c, p, "Started", "Started container %s" % cc["name"], "Normal", 1, max(t - 1, 0), None, cc["name"], init=init)
            t = max(t - 3, 1)
        for r in p["metadata"].get("ownerReferences", []):
            if r["kind"] == "ReplicaSet":
                rs = c.get("replicasets", p["metadata"]["namespace"], r["name"])
                cev(c, rs, "SuccessfulCreate", "Created pod: %s" % p["metadata"]["name"], first=ago)
            if r["kind"] == "Job":
                j = c.get("jobs", p["metadata"]["namespace"], r["name"])
                cev(c, j, "SuccessfulCreate", "Created pod: %s" % p["metadata"]["name"], first=ago)
            if r["kind"] == "StatefulSet":
                s_ = c.get("statefulsets", p["metadata"]["namespace"], r["name"])
                if not c.hints_of(p).get("no_sts_event"):
                    cev(c, s_, "SuccessfulCreate", "create Pod %s in StatefulSet %s successful" % (p["metadata"]["name"], r["name"]), first=ago)
    for j in c.all("jobs"):
        ago = c.ago_of(j)
        if ago > window:
            continue
        h = c.hints_of(j)
        for r in j["metadata"].get("ownerReferences", []):
            if r["kind"] == "CronJob":
                cj = c.get("cronjobs", j["metadata"]["namespace"], r["name"])
                cev(c, cj, "SuccessfulCreate", "Created job %s" % j["metadata"]["name"], first=ago)
                if h.get("outcome") == "Complete":
                    cev(c, cj, "SawCompletedJob", "Saw completed job: %s, status: Complete" % j["metadata"]["name"], first=max(h["end"] - 1, 0))
                elif h.get("outcome") == "Failed":
                    cev(c, cj, "SawCompletedJob", "Saw completed job: %s, status: Failed" % j["metadata"]["name"], first=max(h["end"] - 1, 0))
        if h.get("outcome") == "Complete":
            cev(c, j, "Completed", "Job completed", first=max(h["end"], 0))
        elif h.get("outcome") == "Failed":
            cev(c, j, "BackoffLimitExceeded", "Job has reached the specified backoff limit", "Warning", first=max(h["end"], 0))


from .noise2 import *  # noqa: E402,F401,F403

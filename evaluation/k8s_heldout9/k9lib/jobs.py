"""Jobs and CronJobs with their pods."""
import math
from .core import D, H, M, dc, oref
from .podinst import pod
from .pods import R, T, L
from .storage import pvc as mkpvc
from .workloads import *  # noqa: F401,F403


def job(c, ns, name, tp, ago, runs, owner=None, labels=None, ann=None, backoff=6, ttl=None,
        outcome=None, end_ago=None, active_deadline=None):
    """runs: list of (node, pod_ago, st). outcome: Complete|Failed|None."""
    j = c.new("jobs", name, ns, ago, labels, ann, owner, gen=1)
    u = j["metadata"]["uid"]
    jl = {"batch.kubernetes.io/controller-uid": u, "batch.kubernetes.io/job-name": name,
          "controller-uid": u, "job-name": name}
    if labels is None:
        j["metadata"]["labels"] = dict(jl)
    t = dc(tp)
    t["metadata"]["labels"] = dict(t["metadata"].get("labels", {}), **jl)
    spec = {"backoffLimit": backoff, "completionMode": "NonIndexed", "completions": 1, "manualSelector": False,
            "parallelism": 1, "selector": {"matchLabels": {"batch.kubernetes.io/controller-uid": u}},
            "suspend": False, "template": t}
    if c.minor >= 29:
        spec["podReplacementPolicy"] = "TerminatingOrFailed"
    if ttl is not None:
        spec["ttlSecondsAfterFinished"] = ttl
    if active_deadline:
        spec["activeDeadlineSeconds"] = active_deadline
    j["spec"] = spec
    pods = []
    for nd, pa, st in runs:
        pods.append(pod(c, ns, "%s-%s" % (name, c.sfx(5)), t, nd, oref(j), pa, st, gen_name=name + "-"))
    c.hint(j, outcome=outcome, end=end_ago, start=ago - 1)
    return j, pods


def cron_times(c, period, offset, n):
    now = int(c.snap.timestamp())
    last = ((now - offset) // period) * period + offset
    return [last - i * period for i in range(n)]


def cronjob(c, ns, name, tp, schedule, period, offset, ago, runs, nodes, labels=None, ann=None,
            suspend=False, conc="Forbid", hist=(3, 1), tz=None, dur=(20, 90), fail_st=None, backoff=6,
            fail_tries=None, skip_latest=0):
    """runs: outcomes newest first among 'ok', 'fail', 'run'."""
    cj = c.new("cronjobs", name, ns, ago, labels, ann, gen=1)
    spec = {"concurrencyPolicy": conc, "failedJobsHistoryLimit": hist[1],
            "jobTemplate": {"metadata": {"creationTimestamp": None},
                            "spec": {"backoffLimit": backoff, "template": dc(tp)}},
            "schedule": schedule, "successfulJobsHistoryLimit": hist[0], "suspend": suspend}
    if tz:
        spec["timeZone"] = tz
    cj["spec"] = spec
    now = int(c.snap.timestamp())
    times = cron_times(c, period, offset, len(runs) + skip_latest)[skip_latest:]
    status, active, jobs = {}, [], []
    last_ok = None
    for k, (outcome, t) in enumerate(zip(runs, times)):
        jago = now - t - 1
        if jago <= 0 or outcome is None:
            continue
        nd = nodes[k % len(nodes)]
        d = c.rng.randint(*dur)
        jn = "%s-%d" % (name, t // 60)
        if outcome == "ok":
            rr = [(nd, jago - 1, {cc["name"]: T(0, "Completed", jago - 4, jago - 4 - d)
                                  for cc in tp["spec"]["containers"]})]
            end = jago - 6 - d
            if last_ok is None:
                last_ok = end
        elif outcome == "run":
            rr = [(nd, jago - 1, {cc["name"]: R(since=jago - 4) for cc in tp["spec"]["containers"]})]
            end = None
        else:
            rr, pa = [], jago - 1
            tries = fail_tries or (backoff + 1)
            for i in range(tries):
                stt = fail_st(pa) if fail_st else {cc["name"]: T(1, "Error", pa - 3, pa - 8)
                                                   for cc in tp["spec"]["containers"]}
                rr.append((nodes[(k + i) % len(nodes)], pa, stt))
                pa = pa - 10 - 10 * (2 ** i)
            end = pa
        j, _ = job(c, ns, jn, tp, jago, rr, owner=oref(cj), labels=None, backoff=backoff,
                   outcome={"ok": "Complete", "fail": "Failed", "run": None}[outcome], end_ago=end)
        j["metadata"]["labels"] = dict(j["metadata"]["labels"])
        j["metadata"]["annotations"] = {"batch.kubernetes.io/cronjob-scheduled-timestamp": c.ts(now - t)}
        jobs.append(j)
        if outcome == "run":
            active.append({"apiVersion": "batch/v1", "kind": "Job", "name": jn, "namespace": ns,
                           "resourceVersion": str(c.rng.randint(100000, 999999)), "uid": j["metadata"]["uid"]})
    if times and now - times[0] > 0:
        status["lastScheduleTime"] = c.ts(now - times[0])
    if last_ok is not None:
        status["lastSuccessfulTime"] = c.ts(last_ok)
    if active:
        status["active"] = active
    cj["status"] = status
    return cj, jobs

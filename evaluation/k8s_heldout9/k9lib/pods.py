"""Container/pod template helpers and Pod instances with realistic status."""
from .core import D, H, M, dc, sha, qty, cpu_m

PRIO = {"system-node-critical": 2000001000, "system-cluster-critical": 2000000000}


def _res(t):
    if t is None:
        return None
    if isinstance(t, dict):
        return dict(t)
    out = {}
    if t[0]:
        out["cpu"] = t[0]
    if len(t) > 1 and t[1]:
        out["memory"] = t[1]
    if len(t) > 2 and t[2]:
        out["ephemeral-storage"] = t[2]
    return out


def ctr(name, image, ports=(), req=None, lim=None, env=(), mounts=(), args=None, cmd=None,
        rp=None, lp=None, sp=None, sc=None, pull="IfNotPresent", env_from=None, wd=None,
        restart=None, fallback=False):
    c = {"name": name, "image": image, "imagePullPolicy": pull, "resources": {},
         "terminationMessagePath": "/dev/termination-log",
         "terminationMessagePolicy": "FallbackToLogsOnError" if fallback else "File"}
    if cmd:
        c["command"] = list(cmd)
    if args:
        c["args"] = list(args)
    if ports:
        pl = []
        for p in ports:
            d = {"containerPort": p[1], "protocol": p[2] if len(p) > 2 else "TCP"}
            if p[0]:
                d["name"] = p[0]
            pl.append(d)
        c["ports"] = pl
    r, l = _res(req), _res(lim)
    if l:
        c["resources"]["limits"] = l
    if r:
        c["resources"]["requests"] = r
    elif l:  # API defaults requests to limits
        c["resources"]["requests"] = dict(l)
    if env:
        c["env"] = list(env)
    if env_from:
        c["envFrom"] = list(env_from)
    if mounts:
        c["volumeMounts"] = list(mounts)
    if rp:
        c["readinessProbe"] = rp
    if lp:
        c["livenessProbe"] = lp
    if sp:
        c["startupProbe"] = sp
    if sc:
        c["securityContext"] = sc
    if wd:
        c["workingDir"] = wd
    if restart:
        c["restartPolicy"] = restart
    return c


def E(n, v):
    return {"name": n, "value": v}


def ES(n, secret, key, optional=None):
    r = {"key": key, "name": secret}
    if optional is not None:
        r["optional"] = optional
    return {"name": n, "valueFrom": {"secretKeyRef": r}}


def EC(n, cm, key, optional=None):
    r = {"key": key, "name": cm}
    if optional is not None:
        r["optional"] = optional
    return {"name": n, "valueFrom": {"configMapKeyRef": r}}


def EF(n, path):
    return {"name": n, "valueFrom": {"fieldRef": {"apiVersion": "v1", "fieldPath": path}}}


def ER(n, container, res, div=None):
    r = {"containerName": container, "divisor": div or "0", "resource": res}
    return {"name": n, "valueFrom": {"resourceFieldRef": r}}


def MT(name, path, ro=False, sub=None):
    m = {"mountPath": path, "name": name}
    if ro:
        m["readOnly"] = True
    if sub:
        m["subPath"] = sub
    return m


def _probe(kind, d, p, t, f, s):
    pr = dict(kind)
    pr.update({"failureThreshold": f, "periodSeconds": p, "successThreshold": s, "timeoutSeconds": t})
    if d:
        pr["initialDelaySeconds"] = d
    return pr


def tcp(port, d=0, p=10, t=1, f=3, s=1):
    return _probe({"tcpSocket": {"port": port}}, d, p, t, f, s)


def http(path, port, d=0, p=10, t=1, f=3, s=1, scheme="HTTP"):
    return _probe({"httpGet": {"path": path, "port": port, "scheme": scheme}}, d, p, t, f, s)


def ex(cmd, d=0, p=10, t=1, f=3, s=1):
    return _probe({"exec": {"command": list(cmd)}}, d, p, t, f, s)


def VC(name, cmn, items=None, mode=420, optional=None):
    v = {"defaultMode": mode, "name": cmn}
    if items:
        v["items"] = [{"key": k, "path": p} for k, p in items]
    if optional is not None:
        v["optional"] = optional
    return {"configMap": v, "name": name}


def VS(name, sec, items=None, mode=420, optional=None):
    v = {"defaultMode": mode, "secretName": sec}
    if items:
        v["items"] = [{"key": k, "path": p} for k, p in items]
    if optional is not None:
        v["optional"] = optional
    return {"name": name, "secret": v}


def VP(name, claim, ro=None):
    v = {"claimName": claim}
    if ro:
        v["readOnly"] = True
    return {"name": name, "persistentVolumeClaim": v}


def VE(name, medium=None, limit=None):
    v = {}
    if medium:
        v["medium"] = medium
    if limit:
        v["sizeLimit"] = limit
    return {"emptyDir": v, "name": name}


def VH(name, path, typ=""):
    return {"hostPath": {"path": path, "type": typ}, "name": name}


def tmpl(labels, containers, init=(), volumes=(), sa=None, nsel=None, tol=None, aff=None,
         psc=None, ann=None, hostnet=False, pcn=None, tgp=30, dns=None, automount=None,
         pull=None, restart="Always", subdomain=None, hostpid=False, spread=None):
    spec = {"containers": list(containers),
            "dnsPolicy": dns or ("ClusterFirstWithHostNet" if hostnet else "ClusterFirst"),
            "restartPolicy": restart, "schedulerName": "default-scheduler",
            "securityContext": psc or {}, "terminationGracePeriodSeconds": tgp}
    if init:
        spec["initContainers"] = list(init)
    if volumes:
        spec["volumes"] = list(volumes)
    if sa:
        spec["serviceAccountName"] = sa
        spec["serviceAccount"] = sa
    if nsel:
        spec["nodeSelector"] = dict(nsel)
    if tol:
        spec["tolerations"] = list(tol)
    if aff:
        spec["affinity"] = aff
    if hostnet:
        spec["hostNetwork"] = True
    if hostpid:
        spec["hostPID"] = True
    if pcn:
        spec["priorityClassName"] = pcn
    if automount is not None:
        spec["automountServiceAccountToken"] = automount
    if pull:
        spec["imagePullSecrets"] = [{"name": p} for p in pull]
    if subdomain:
        spec["subdomain"] = subdomain
    if spread:
        spec["topologySpreadConstraints"] = spread
    md = {"creationTimestamp": None, "labels": dict(labels)}
    if ann:
        md["annotations"] = dict(ann)
    return {"metadata": md, "spec": spec}


def anti_affinity(labels, key="kubernetes.io/hostname", required=False, weight=100):
    term = {"labelSelector": {"matchLabels": dict(labels)}, "topologyKey": key}
    if required:
        return {"podAntiAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": [term]}}
    return {"podAntiAffinity": {"preferredDuringSchedulingIgnoredDuringExecution": [
        {"podAffinityTerm": term, "weight": weight}]}}


# ---- container state specs ---------------------------------------------
def R(since=None, restarts=0, last=None, ready=True):
    return {"k": "run", "since": since, "restarts": restarts, "last": last, "ready": ready}


def W(reason, msg=None, restarts=0, last=None):
    return {"k": "wait", "reason": reason, "msg": msg, "restarts": restarts, "last": last}


def T(exit=0, reason="Completed", start=None, end=None, msg=None, restarts=0, last=None):
    return {"k": "term", "exit": exit, "reason": reason, "start": start, "end": end, "msg": msg,
            "restarts": restarts, "last": last}


def L(exit, reason, start, end, msg=None):
    return {"exit": exit, "reason": reason, "start": start, "end": end, "msg": msg}


def CL(restarts, exit, reason, start, end, msg=None, backoff="5m0s"):
    """CrashLoopBackOff with last termination."""
    s = W("CrashLoopBackOff", None, restarts, L(exit, reason, start, end, msg))
    s["backoff"] = backoff
    return s


def full_image(img):
    name = img.split("@")[0]
    first = name.split("/")[0]
    if "." in first or ":" in first.split(":")[0] and "/" in name or first == "localhost":
        return name
    if "/" not in name:
        return "docker.io/library/" + name
    return "docker.io/" + name


def image_id(img):
    fi = full_image(img)
    repo = fi.rsplit(":", 1)[0] if ":" in fi.split("/")[-1] else fi
    if "@sha256:" in img:
        return repo.split("@")[0] + "@" + img.split("@")[1]
    return repo + "@sha256:" + sha(fi)


def qos(containers):
    lim_all, any_set = True, False
    for c in containers:
        r = c.get("resources", {})
        req, lim = r.get("requests", {}), r.get("limits", {})
        if req or lim:
            any_set = True
        for k in ("cpu", "memory"):
            if k not in lim or req.get(k, lim.get(k)) != lim.get(k):
                lim_all = False
    if not any_set:
        return "BestEffort"
    return "Guaranteed" if lim_all else "Burstable"

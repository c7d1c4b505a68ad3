"""Concise builders for healthy components (used by platforms, add-ons and incidents)."""
from .core import D, H, M, dc
from .k8s import sa as mksa, helm_labels, helm_ann
from .net import service
from .pods import ctr, tmpl
from .workloads import deployment, rs_pods, statefulset, sts_pod, daemonset, selector_of


def _labels(name, labels, helm, component=None):
    if labels:
        return dict(labels)
    if helm:
        rel, chart, cv, av = helm[:4]
        nm = helm[4] if len(helm) > 4 else chart
        return helm_labels(rel, chart, cv, av, name=nm, component=component)
    return {"app.kubernetes.io/name": name}


def _tp(c, ns, name, image, labels, sa, ports, req, lim, env, mounts, vols, rp, lp, args, cmd, tann,
        pcn, tol, nsel, hostnet, psc, csc, init, aff, extra_ctrs, automount, sp, fallback, env_from=None):
    if sa:
        mksa(c, ns, sa, c.ago_of(c.get("namespaces", None, ns)) - 5)
    cs = [ctr(name.split("/")[-1] if "/" in name else name, image, ports, req, lim, env, mounts, args, cmd,
              rp, lp, sp, csc, fallback=fallback, env_from=env_from)] + list(extra_ctrs or [])
    return tmpl(labels, cs, init, vols, sa, nsel, tol, aff, psc, tann, hostnet, pcn, automount=automount)


def comp_deploy(c, ns, name, image, n=1, ago=None, nodes=None, labels=None, sa=None, ports=(),
                req=("50m", "64Mi"), lim=None, env=(), mounts=(), vols=(), rp=None, lp=None, args=None,
                cmd=None, svc=None, svc_name=None, svc_type="ClusterIP", pod_ago=None, helm=None, ann=None,
                tann=None, pcn=None, tol=None, nsel=None, hostnet=False, psc=None, csc=None, init=(),
                strategy="RollingUpdate", old=0, st=None, owner=None, aff=None, extra_ctrs=None, cname=None,
                component=None, automount=None, sp=None, lb=None, svc_labels=None, dlabels=None,
                svc_ann=None, fallback=False, p_noise=0.1, pod_kw=None, sel=None, env_from=None):
    nsago = c.ago_of(c.get("namespaces", None, ns))
    ago = ago if ago is not None else nsago - c.rng.randint(60, 3600)
    lab = _labels(name, labels, helm, component)
    tp = _tp(c, ns, cname or name, image, lab, sa, ports, req, lim, env, mounts, vols, rp, lp, args, cmd,
             tann, pcn, tol, nsel, hostnet, psc, csc, init, aff, extra_ctrs, automount, sp, fallback, env_from)
    a = dict(ann or {})
    if helm:
        a.update(helm_ann(helm[0], ns))
    revs = []
    step = max(ago // (old + 2), 60)
    for i in range(old):
        t = dc(tp)
        img = t["spec"]["containers"][0]["image"]
        t["spec"]["containers"][0]["image"] = img.rsplit(":", 1)[0] + ":" + _older(img, i, old)
        revs.append((t, ago - i * step - 5, 0))
    rago = ago - old * step - 5 if old else ago
    revs.append((tp, rago, n))
    d, rss = deployment(c, ns, name, tp, n, ago, dlabels or lab, a or None, strategy, revs, owner, sel=sel)
    if nodes is None:
        nodes = workers(c)
    pa = pod_ago if pod_ago is not None else [min(rago, c.rng.randint(2 * D, max(2 * D + 1, rago))) - c.rng.randint(5, 90)
                                              for _ in range(n)]
    pods = rs_pods(c, rss[-1], n, nodes, pa, st, _p=p_noise, **(pod_kw or {})) if n else []
    sv = None
    if svc:
        sv = service(c, ns, svc_name or name, d["spec"]["selector"]["matchLabels"], svc, ago, svc_labels or lab,
                     svc_ann, svc_type, lb=lb)
    return {"d": d, "rs": rss, "pods": pods, "svc": sv, "tp": tp}


def _older(img, i, old):
    tag = img.rsplit(":", 1)[1] if ":" in img.split("/")[-1] else "latest"
    parts = tag.split(".")
    try:
        if len(parts) >= 3 and parts[-1].split("-")[0].isdigit():
            base = int(parts[-1].split("-")[0])
            rest = parts[-1][len(str(base)):]
            nb = base - (old - i)
            if nb >= 0:
                return ".".join(parts[:-1] + [str(nb) + rest])
            return ".".join(parts[:-2] + [str(max(int(parts[-2]) - 1, 0)), "9"])
    except ValueError:
        pass
    return tag + "-r%d" % (i + 1)


def comp_ds(c, ns, name, image, nodes, ago=None, labels=None, sa=None, ports=(), req=("50m", "64Mi"), lim=None,
            env=(), mounts=(), vols=(), rp=None, lp=None, args=None, cmd=None, helm=None, ann=None, tann=None,
            pcn=None, tol=None, nsel=None, hostnet=False, psc=None, csc=None, init=(), st=None, owner=None,
            extra_ctrs=None, cname=None, component=None, desired=None, pod_ago=None, automount=None, svc=None,
            svc_name=None, aff=None, fallback=False, sp=None, env_from=None):
    nsago = c.ago_of(c.get("namespaces", None, ns))
    ago = ago if ago is not None else nsago - c.rng.randint(60, 3600)
    lab = _labels(name, labels, helm, component)
    tp = _tp(c, ns, cname or name, image, lab, sa, ports, req, lim, env, mounts, vols, rp, lp, args, cmd,
             tann, pcn, tol, nsel, hostnet, psc, csc, init, aff, extra_ctrs, automount, sp, fallback, env_from)
    a = dict(ann or {})
    if helm:
        a.update(helm_ann(helm[0], ns))
    d, pods = daemonset(c, ns, name, tp, nodes, ago, lab, a or None, st, pod_ago, desired=desired, owner=owner)
    sv = None
    if svc:
        sv = service(c, ns, svc_name or name, d["spec"]["selector"]["matchLabels"], svc, ago, lab)
    return {"d": d, "pods": pods, "svc": sv, "tp": tp}


def comp_sts(c, ns, name, image, n, nodes, ago=None, labels=None, sa=None, ports=(), req=("100m", "256Mi"),
             lim=None, env=(), mounts=(), vols=(), rp=None, lp=None, args=None, cmd=None, helm=None, ann=None,
             tann=None, pcn=None, tol=None, nsel=None, psc=None, csc=None, init=(), st=None, owner=None,
             extra_ctrs=None, cname=None, component=None, vct=None, svc=None, headless=True, hsvc=None,
             pod_ago=None, mgmt="OrderedReady", automount=None, aff=None, sp=None, update_tp=None,
             svc_labels=None, fallback=False, pna=None, env_from=None):
    nsago = c.ago_of(c.get("namespaces", None, ns))
    ago = ago if ago is not None else nsago - c.rng.randint(60, 3600)
    lab = _labels(name, labels, helm, component)
    tp = _tp(c, ns, cname or name, image, lab, sa, ports, req, lim, env, mounts, vols, rp, lp, args, cmd,
             tann, pcn, tol, nsel, False, psc, csc, init, aff, extra_ctrs, automount, sp, fallback, env_from)
    a = dict(ann or {})
    if helm:
        a.update(helm_ann(helm[0], ns))
    hs = hsvc or (name + "-headless" if svc else name)
    s = statefulset(c, ns, name, tp, n, ago, hs, vct, lab, a or None, mgmt, owner, update_tp=update_tp)
    sel = s["spec"]["selector"]["matchLabels"]
    svcs = {}
    if svc:
        svcs["headless"] = service(c, ns, hs, sel, svc, ago, svc_labels or lab, headless=True,
                                   pna=True if pna is None else pna)
        if hs != name:
            svcs["main"] = service(c, ns, name, sel, svc, ago, svc_labels or lab)
    pods = []
    for i in range(n):
        nd = nodes[i % len(nodes)] if nodes else None
        pa = pod_ago[i] if isinstance(pod_ago, (list, tuple)) else (
            pod_ago if pod_ago is not None else min(ago, c.rng.randint(3 * D, max(3 * D + 1, ago))) - 30 * i - 5)
        pods.append(sts_pod(c, s, i, nd, pa, (st or {}).get(i) if isinstance(st, dict) else None,
                            pvc_ago=ago - 10 - 40 * i))
    return {"s": s, "pods": pods, "svc": svcs, "tp": tp}


def workers(c, tainted=False):
    return [n for n, i in sorted(c.nodeinfo.items()) if i["role"] not in ("control-plane", "master")
            and not c.hints_of(i["obj"]).get("no_auto")
            and (tainted or not any(t["effect"] in ("NoSchedule", "NoExecute") for t in i["obj"]["spec"].get("taints", [])))]


def cps(c):
    return [n for n, i in sorted(c.nodeinfo.items()) if i["role"] in ("control-plane", "master")]


def alln(c):
    return sorted(c.nodeinfo)

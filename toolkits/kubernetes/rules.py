"""The state checker: one rule per candidate cause kind, judging whether an entity at the end of a graph
path is abnormal in a way that explains the symptom.

A rule gets the candidate (a node as the graph returns it), the symptom, the path's nodes and edges, and
the StateGraph for follow-up Cypher; it returns a Verdict (``strong``: the entity's own state proves it;
weak: the best remaining explanation) or None when the candidate is healthy for this symptom. Fixes are
text: a kubectl command or a YAML excerpt, never applied.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any, Callable

from kubernetes.utils import parse_quantity

from toolkits.kubernetes.extract import selects
from toolkits.kubernetes.graph import StateGraph, node_dict

WORKLOAD_KINDS = ("Deployment", "StatefulSet", "DaemonSet")


@dataclass
class Symptom:
    """An unhealthy entity and what is wrong with it: signal classes, reasons and messages."""

    node: dict[str, Any]
    signals: list[str]
    reasons: list[str]
    messages: list[str]
    severity: int = 1

    @property
    def text(self) -> str:
        return " ".join(self.reasons + self.messages)


@dataclass
class Verdict:
    reason: str
    evidence: list[str] = field(default_factory=list)
    fix: str = ""
    strong: bool = True


Rule = Callable[[dict, Symptom, list[dict], list[dict], StateGraph], "Verdict | None"]
RULES: dict[str, Rule] = {}


def rule(*kinds: str):
    def deco(fn: Rule) -> Rule:
        for k in kinds:
            RULES[k] = fn
        return fn
    return deco


def q(value: Any) -> float:
    try:
        return float(parse_quantity(str(value)))
    except (ValueError, TypeError):
        return 0.0


def ref(n: dict) -> str:
    return f"{n['kind']} {n['namespace'] + '/' if n.get('namespace') else ''}{n['name']}"


def _ns(n: dict) -> str:
    return f" -n {n['namespace']}" if n.get("namespace") else ""


def _label(edge: dict) -> str:
    return edge.get("_LABEL", edge.get("_label")) or ""


def _edge_detail(edges: list[dict]) -> str:
    return (edges[-1].get("detail") or "") if edges else ""


# --- config -----------------------------------------------------------------------------
@rule("ConfigMap", "Secret")
def check_config(c: dict, s: Symptom, nodes: list[dict], edges: list[dict], sg: StateGraph) -> Verdict | None:
    kind, lower = c["kind"], c["kind"].lower()
    pull = _edge_detail(edges) == "imagePull"
    if "image" in s.signals and not pull:
        return None
    if not ({"config", "crash", "image"} & set(s.signals)):
        return None
    user = ref(nodes[-2]) if len(nodes) > 1 else "the pod"
    if c.get("missing"):
        what = "image pull secret" if pull else kind
        fix = (f"kubectl create secret docker-registry {c['name']}{_ns(c)} --docker-server=<registry> "
               "--docker-username=<user> --docker-password=<token>") if pull else (
            f"kubectl create {lower} {c['name']}{_ns(c)} --from-literal=<key>=<value>   "
            f"# or correct the name referenced by {user}")
        return Verdict(f"{what} {c['name']} does not exist", [f"{user} references {kind} {c['name']}, which is not in the cluster"], fix)
    wanted = {k for k in _edge_detail(edges).split(",") if k and k != "imagePull"}
    have = set(c["detail"].get("keys") or [])
    lost = sorted(wanted - have)
    if lost:
        return Verdict(f"{kind} {c['name']} has no key {', '.join(lost)}",
                       [f"{user} reads key(s) {', '.join(sorted(wanted))}", f"{kind} keys: {', '.join(sorted(have)) or '(none)'}"],
                       f"kubectl edit {lower} {c['name']}{_ns(c)}   # add the key(s) {', '.join(lost)}, "
                       "or fix the key name in the workload's env")
    if kind == "ConfigMap" and "crash" in s.signals:
        for param, value in re.findall(r'invalid value for parameter "([\w.]+)": "([^"]*)"', s.text):
            for k, v in (c["detail"].get("data") or {}).items():
                if re.search(rf"(?m)^\s*{re.escape(param)}\s*=", v):
                    return Verdict(f"ConfigMap {c['name']} sets {param} = {value!r}, which the server rejects",
                                   [f"the container exits: invalid value for parameter \"{param}\": \"{value}\"",
                                    f"ConfigMap {c['name']} key {k} sets {param}"],
                                   f"kubectl edit configmap {c['name']}{_ns(c)}   # set {param} to a valid value, "
                                   "then restart the pods")
    return None


@rule("ServiceAccount")
def check_account(c: dict, s: Symptom, nodes: list[dict], edges: list[dict], sg: StateGraph) -> Verdict | None:
    if c.get("missing"):
        return Verdict(f"ServiceAccount {c['name']} does not exist",
                       [f"{ref(nodes[-2])} runs pods as ServiceAccount {c['name']}", "the ReplicaSet cannot create pods"],
                       f"kubectl create serviceaccount {c['name']}{_ns(c)}   # or fix serviceAccountName in the pod template")
    return None


# --- storage ----------------------------------------------------------------------------
@rule("PersistentVolumeClaim")
def check_claim(c: dict, s: Symptom, nodes: list[dict], edges: list[dict], sg: StateGraph) -> Verdict | None:
    if "crash" in s.signals and re.search(r"no space left on device", s.text, re.I) and c.get("phase") == "Bound":
        size = c["detail"].get("capacity") or c["detail"].get("request")
        return Verdict(f"volume {c['name']} ({size}) is full",
                       ["the container exits: No space left on device", f"{ref(nodes[0])} mounts {c['name']}"],
                       f"kubectl patch pvc {c['name']}{_ns(c)} -p '{{\"spec\":{{\"resources\":{{\"requests\":{{\"storage\":\"<bigger>\"}}}}}}}}'"
                       "   # needs allowVolumeExpansion on its StorageClass; or free space (old WAL, logs)")
    if c.get("missing"):
        return Verdict(f"PersistentVolumeClaim {c['name']} does not exist", [f"{ref(nodes[-2])} mounts it"],
                       f"create the claim {c['name']}{_ns(c)} or fix claimName")
    holder = _holder(c, sg)
    if holder:
        pv, other = holder
        return Verdict(f"PersistentVolumeClaim {c['name']} asks for volume {pv['name']}, which {other} holds",
                       [f"{ref(c)} is {c.get('phase') or 'Pending'} with volumeName {pv['name']}",
                        f"PersistentVolume {pv['name']} is bound to {other}, a claim that exists and uses it"],
                       f"recreate {c['name']}{_ns(c)} without spec.volumeName (let its StorageClass provision a volume), "
                       f"or point it at a free volume: kubectl get pv | grep Available")
    return None


def _holder(claim: dict, sg: StateGraph) -> tuple[dict, str] | None:
    """(the volume, its other claim) when a pending claim pins a volume that another existing claim holds."""
    name = claim["detail"].get("volumeName")
    if claim.get("phase") == "Bound" or not name:
        return None
    _, rows = sg.query("MATCH (v:PersistentVolume {name: $n}) WHERE NOT v.missing RETURN v", {"n": name})
    if not rows:
        return None
    pv = node_dict(rows[0][0])
    other = pv["detail"].get("claim") or ""
    if not other or other == f"{claim['namespace']}/{claim['name']}" or pv.get("phase") not in ("Bound", ""):
        return None
    ns, _, cname = other.partition("/")
    _, rows = sg.query("MATCH (o:PersistentVolumeClaim {namespace: $ns, name: $n}) WHERE NOT o.missing RETURN o.phase",
                       {"ns": ns, "n": cname})
    return (pv, other) if rows and rows[0][0] == "Bound" else None


def _pending_claim(nodes: list[dict]) -> dict | None:
    return next((n for n in reversed(nodes[:-1]) if n["kind"] == "PersistentVolumeClaim" and n.get("phase") != "Bound"), None)


@rule("StorageClass")
def check_class(c: dict, s: Symptom, nodes: list[dict], edges: list[dict], sg: StateGraph) -> Verdict | None:
    claim = _pending_claim(nodes)
    if claim is None:
        return None
    if c.get("missing"):
        return Verdict(f"StorageClass {c['name']} does not exist",
                       [f"{ref(claim)} is {claim.get('phase') or 'Pending'} and asks for storageClassName {c['name']}"],
                       f"kubectl get storageclass   # then set storageClassName of {claim['name']} to an existing class, "
                       f"or create StorageClass {c['name']}")
    _, rows = sg.query("MATCH (s:StorageClass {uid: $uid})-[:PROVISIONED_BY]->(w) RETURN w", {"uid": c["uid"]})
    if any(_down(node_dict(r[0])) for r in rows):
        return None  # its controller is down: the workload rule names it
    bound = sg.query("MATCH (v:PersistentVolume)-[:USES_CLASS]->(s:StorageClass {uid: $uid}) WHERE v.phase = 'Bound' "
                     "RETURN count(v)", {"uid": c["uid"]})[1][0][0]
    if bound == 0:
        prov = c["detail"].get("provisioner")
        return Verdict(f"StorageClass {c['name']}: its provisioner {prov} creates no volumes",
                       [f"{ref(claim)} is Pending", f"no bound PersistentVolume of class {c['name']} exists",
                        f"the claim waits for the external provisioner {prov}"],
                       f"install or repair the CSI driver {prov} (kubectl get csidrivers; kubectl get pods -A | grep csi), "
                       "or use another StorageClass")
    if any("provision" in m.lower() for m in s.messages) and not rows:
        prov = c["detail"].get("provisioner")
        return Verdict(f"StorageClass {c['name']}: its provisioner {prov} does not create the volume",
                       [f"{ref(claim)} is Pending: {next(m for m in s.messages if 'provision' in m.lower())[:200]}",
                        f"volumes of class {c['name']} were provisioned before; no controller for {prov} is in the snapshot"],
                       f"check the controller of {prov}: kubectl get pods -A | grep -i provisioner; its logs", strong=False)
    return None


def _down(w: dict) -> bool:
    """A controller with no ready replica (scaled to zero, crash-looping, unschedulable)."""
    return (w["detail"].get("replicas") or 0) == 0 or not (w["detail"].get("ready") or 0)


@rule("PersistentVolume")
def check_volume(c: dict, s: Symptom, nodes: list[dict], edges: list[dict], sg: StateGraph) -> Verdict | None:
    claim = _pending_claim(nodes)
    if claim is None:
        return None
    owner = c["detail"].get("claim") or ""
    if _holder(claim, sg):
        return None  # the volume is rightly bound to a claim in use: the claim that pins it is wrong
    if owner and owner != f"{claim['namespace']}/{claim['name']}":
        return Verdict(f"PersistentVolume {c['name']} is held by {owner}, a claim that no longer uses it",
                       [f"{ref(claim)} asks for volumeName {c['name']}", f"{c['name']} claimRef: {owner}"],
                       f"remove volumeName from {claim['name']} (let it provision), or release {c['name']} "
                       f"(kubectl patch pv {c['name']} -p '{{\"spec\":{{\"claimRef\":null}}}}' once {owner} is gone)")
    if c.get("missing"):
        return Verdict(f"PersistentVolume {c['name']} does not exist", [f"{ref(claim)} asks for volumeName {c['name']}"],
                       f"remove volumeName from {claim['name']}")
    return None


# --- nodes ------------------------------------------------------------------------------
def _tolerated(taint: dict, tolerations: list[dict]) -> bool:
    for t in tolerations:
        if t.get("operator") == "Exists" and (not t.get("key") or t.get("key") == taint.get("key")):
            return True
        if t.get("key") == taint.get("key") and t.get("value") == taint.get("value") and \
                (not t.get("effect") or t.get("effect") == taint.get("effect")):
            return True
    return False


@rule("Node")
def check_node(c: dict, s: Symptom, nodes: list[dict], edges: list[dict], sg: StateGraph) -> Verdict | None:
    if c.get("phase") == "NotReady" or any(r.endswith("Pressure") for r in (c.get("reasons") or "").split(",")):
        return Verdict(f"Node {c['name']} is {c.get('phase')} ({c.get('conditions')})",
                       [f"{ref(nodes[0])} runs on {c['name']}", f"node conditions: {c.get('conditions')}"],
                       f"kubectl describe node {c['name']}; check the kubelet (journalctl -u kubelet) or drain it: "
                       f"kubectl drain {c['name']} --ignore-daemonsets --delete-emptydir-data")
    if "unschedulable" in s.signals and edges and edges[-1].get("_LABEL", edges[-1].get("_label")) == "SELECTS_NODE":
        pod = nodes[0]
        bad = [t for t in c["detail"].get("taints") or [] if t.get("effect") in ("NoSchedule", "NoExecute")
               and not _tolerated(t, pod["detail"].get("tolerations") or [])]
        if bad and _deliberate(bad[0], sg):
            return None  # others run there because they tolerate it: the pod's template lost its toleration
        if bad:
            t = bad[0]
            return Verdict(f"Node {c['name']} has taint {t.get('key')}={t.get('value', '')}:{t.get('effect')} that "
                           f"{pod['name']} does not tolerate",
                           [f"{ref(pod)} nodeSelector {pod['detail'].get('nodeSelector')} matches only nodes like {c['name']}",
                            f"taint {t.get('key')}={t.get('value', '')}:{t.get('effect')}"],
                           f"kubectl taint nodes {c['name']} {t.get('key')}-   # or add to the pod template:\n"
                           f"tolerations:\n- key: {t.get('key')}\n  operator: Equal\n  value: \"{t.get('value', '')}\"\n"
                           f"  effect: {t.get('effect')}")
    return None


def _deliberate(taint: dict, sg: StateGraph) -> bool:
    """Pods running on nodes with this taint that tolerate it (not counting DaemonSet pods, which tolerate
    everything): the taint marks a dedicated pool, it is not the fault."""
    _, rows = sg.query("MATCH (p:Pod)-[:SCHEDULED_ON]->(n:Node) WHERE n.detail CONTAINS $k AND p.phase = 'Running' AND "
                       "NOT EXISTS { MATCH (:DaemonSet)-[:OWNS]->(p) } RETURN p.detail, n.detail LIMIT 2000",
                       {"k": f'"key": "{taint.get("key")}"'})
    return any(any(t.get("key") == taint.get("key") and t.get("value") == taint.get("value")
                   for t in json.loads(nd).get("taints") or [])
               and _tolerated(taint, json.loads(pd).get("tolerations") or []) for pd, nd in rows)


# --- services and network ---------------------------------------------------------------
@rule("Service")
def check_service(c: dict, s: Symptom, nodes: list[dict], edges: list[dict], sg: StateGraph) -> Verdict | None:
    if not ({"notready", "noendpoints"} & set(s.signals)) or c.get("missing"):
        return None
    sel = c["detail"].get("selector")
    if not sel:
        return None
    _, rows = sg.query("MATCH (s:Service {uid: $uid})-[:SELECTS]->(p:Pod) RETURN p LIMIT 200", {"uid": c["uid"]})
    pods = [node_dict(r[0]) for r in rows]
    if not pods:
        return Verdict(f"Service {c['name']}'s selector {sel} matches no pods",
                       [f"selector {sel}", "no pod in the namespace carries these labels; its endpoints are empty"],
                       f"kubectl get pods{_ns(c)} --show-labels   # then fix spec.selector of Service {c['name']}:\n"
                       f"kubectl edit service {c['name']}{_ns(c)}")
    ports = {p for pod in pods for ctr in pod["detail"].get("containers") or [] for p in ctr.get("ports") or []}
    names = {p for pod in pods for ctr in pod["detail"].get("containers") or [] for p in ctr.get("port_names") or []}
    for port in c["detail"].get("ports") or []:
        t = port.get("targetPort")
        if (isinstance(t, int) and ports and t not in ports) or (isinstance(t, str) and not t.isdigit() and t not in names):
            return Verdict(f"Service {c['name']} sends traffic to port {t}, where its pods do not listen",
                           [f"targetPort {t}", f"the selected pods listen on {sorted(ports)}"],
                           f"kubectl patch service {c['name']}{_ns(c)} --type json -p "
                           f"'[{{\"op\":\"replace\",\"path\":\"/spec/ports/0/targetPort\",\"value\":{sorted(ports)[0]}}}]'")
    return None


def _admits(policy: dict, src: dict, src_ns_labels: dict, dst_ns: str) -> bool:
    if "Ingress" not in (policy["detail"].get("policyTypes") or ["Ingress"]):
        return True
    for r in policy["detail"].get("ingress") or []:
        peers = r.get("from")
        if not peers:
            return True
        for peer in peers:
            nsel, psel = peer.get("namespaceSelector"), peer.get("podSelector")
            ns_ok = selects(nsel, src_ns_labels) if nsel is not None else src["namespace"] == dst_ns
            pod_ok = selects(psel, src["labels"]) if psel is not None else True
            if "ipBlock" not in peer and ns_ok and pod_ok:
                return True
    return False


@rule("NetworkPolicy")
def check_policy(c: dict, s: Symptom, nodes: list[dict], edges: list[dict], sg: StateGraph) -> Verdict | None:
    if "notready" not in s.signals or len(nodes) < 3 or nodes[-2]["kind"] != "Pod":
        return None
    src, dst = nodes[0], nodes[-2]
    _, rows = sg.query("MATCH (n:NetworkPolicy)-[:APPLIES_TO]->(p:Pod {uid: $uid}) RETURN n", {"uid": dst["uid"]})
    policies = [node_dict(r[0]) for r in rows]
    _, rows = sg.query("MATCH (n:Namespace {name: $ns}) RETURN n.labels", {"ns": src["namespace"]})
    ns_labels = json.loads(rows[0][0]) if rows else {}
    if any(_admits(p, src, ns_labels, dst["namespace"]) for p in policies):
        return None
    if not c["detail"].get("ingress") and any(p["detail"].get("ingress") for p in policies if p["uid"] != c["uid"]):
        return None  # a default deny is deliberate; the allow-list beside it leaves the client out
    return Verdict(f"NetworkPolicy {c['name']} admits no traffic from {src['namespace']}/{src['name']} to {dst['name']}",
                   [f"{ref(src)} connects to {ref(nodes[1])}, which selects {ref(dst)}",
                    f"policies on {dst['name']}: {', '.join(p['name'] for p in policies)}; none admits pods of namespace "
                    f"{src['namespace']} with labels {src['labels']}",
                    f"ingress rules of {c['name']}: {c['detail'].get('ingress')}"],
                   f"kubectl edit networkpolicy {c['name']}{_ns(c)}   # allow the clients, e.g.\n"
                   f"ingress:\n- from:\n  - namespaceSelector:\n      matchLabels:\n        kubernetes.io/metadata.name: {src['namespace']}")


@rule("ResourceQuota")
def check_quota(c: dict, s: Symptom, nodes: list[dict], edges: list[dict], sg: StateGraph) -> Verdict | None:
    if "create" not in s.signals:
        return None
    hard, used = c["detail"].get("hard") or {}, c["detail"].get("used") or {}
    full = [k for k, v in hard.items() if k in used and q(used[k]) >= q(v)]
    named = re.search(rf"exceeded quota: {re.escape(c['name'])}, requested: (\S+), used: (\S+), limited: (\S+)", s.text)
    if named:
        return Verdict(f"ResourceQuota {c['name']} is exceeded: requested {named.group(1)}, used {named.group(2)}, "
                       f"limited {named.group(3)}",
                       [f"{ref(nodes[0])} cannot create pods: exceeded quota: {c['name']}", f"used {used}", f"hard {hard}"],
                       f"kubectl edit resourcequota {c['name']}{_ns(c)}   # raise the limit, or lower the requests / replicas")
    if full:
        return Verdict(f"ResourceQuota {c['name']} is exhausted ({', '.join(f'{k} {used[k]}/{hard[k]}' for k in full)})",
                       [f"{ref(nodes[0])} cannot create pods", f"used {used}", f"hard {hard}"],
                       f"kubectl edit resourcequota {c['name']}{_ns(c)}   # raise {full[0]}, or lower the requests / replicas")
    return None


@rule("Ingress")
def check_ingress(c: dict, s: Symptom, nodes: list[dict], edges: list[dict], sg: StateGraph) -> Verdict | None:
    if "nobackend" not in s.signals:
        return None
    _, rows = sg.query("MATCH (i:Ingress {uid: $uid})-[r:ROUTES_TO]->(s:Service) WHERE s.missing RETURN s.name, r.detail",
                       {"uid": c["uid"]})
    if not rows:
        return None
    gone, port = rows[0]
    _, rows = sg.query("MATCH (s:Service {namespace: $ns}) WHERE NOT s.missing RETURN s.name", {"ns": c["namespace"]})
    near = [r[0] for r in rows if set(re.split(r"[-_.]", r[0])) & set(re.split(r"[-_.]", gone))]
    return Verdict(f"Ingress {c['name']} routes to Service {gone}, which does not exist",
                   [f"backend service {gone}{' port ' + port if port else ''}: not in namespace {c['namespace']}"]
                   + ([f"Services with similar names: {', '.join(near[:4])}"] if near else []),
                   f"kubectl edit ingress {c['name']}{_ns(c)}   # point the backend at an existing Service"
                   + (f", e.g. {near[0]}" if near else f", or create Service {gone}"))


# --- workloads ----------------------------------------------------------------------------
@rule(*WORKLOAD_KINDS)
def check_workload(c: dict, s: Symptom, nodes: list[dict], edges: list[dict], sg: StateGraph) -> Verdict | None:
    name, kind = c["name"], c["kind"].lower()
    ctrs = c["detail"].get("containers") or []
    text = s.text
    via = _label(edges[-1]) if edges else ""
    if via == "PROVISIONED_BY":
        if not _down(c) or _pending_claim(nodes) is None:
            return None
        sc = nodes[-2]
        want, ready = c["detail"].get("replicas") or 0, c["detail"].get("ready") or 0
        state = "is scaled to 0 replicas" if want == 0 else f"has {ready}/{want} ready replicas"
        return Verdict(f"{c['kind']} {name}, the provisioner of StorageClass {sc['name']}, {state}",
                       [f"{ref(_pending_claim(nodes))} is Pending, waiting for {sc['detail'].get('provisioner')}",
                        f"{ref(c)} runs that provisioner and {state}"],
                       f"kubectl scale {kind} {name}{_ns(c)} --replicas=1   # or, when it crashes: "
                       f"kubectl logs{_ns(c)} {kind}/{name} --all-containers")
    owned = all(_label(e) == "OWNS" for e in edges)
    if "unschedulable" in s.signals and nodes[0]["kind"] == "Pod" and owned:
        m = re.search(r"untolerated taint \{([^}]*)\}", text)
        if m:
            tkey, _, tval = (x.strip() for x in m.group(1).partition(":"))
            deliberate = _deliberate({"key": tkey, "value": tval or None, "effect": "NoSchedule"}, sg)
            return Verdict(f"{c['kind']} {name}: its pods lack the toleration for taint {{{m.group(1)}}} that the nodes "
                           "they must run on carry",
                           [f"scheduler: {m.group(0)}", f"{ref(nodes[0])} tolerations: {nodes[0]['detail'].get('tolerations') or 'none'}",
                            "other pods on the tainted nodes tolerate it: the taint is deliberate" if deliberate else
                            "no running pod tolerates it yet"],
                           f"kubectl edit {kind} {name}{_ns(c)}   # add to the pod template:\ntolerations:\n"
                           f"- key: {tkey}\n  operator: Exists\n  effect: NoSchedule", strong=deliberate)
    if "OOMKilled" in s.reasons:
        lim = ", ".join(f"{x['name']}: {x['limits'].get('memory', 'none')}" for x in ctrs)
        return Verdict(f"{c['kind']} {name}: containers are OOMKilled (memory limit {lim})",
                       [f"{ref(nodes[0])} last terminated: OOMKilled (exit 137)"],
                       f"kubectl set resources {kind} {name}{_ns(c)} --limits=memory=<higher> --requests=memory=<higher>")
    if "unschedulable" in s.signals:
        m = re.search(r"Insufficient (cpu|memory)", text)
        if m:
            res = m.group(1)
            _, rows = sg.query("MATCH (n:Node) RETURN n.detail")
            alloc = max((q(json.loads(r[0]).get("allocatable", {}).get(res, 0)) for r in rows), default=0)
            want = sum(q(x["requests"].get(res, 0)) for x in ctrs)
            if want > alloc:
                return Verdict(f"{c['kind']} {name} requests {res} {want:g}, more than any node has ({alloc:g})",
                               [f"scheduler: {m.group(0)}", f"largest node allocatable {res}: {alloc:g}"],
                               f"kubectl set resources {kind} {name}{_ns(c)} --requests={res}=<fits a node>")
            return Verdict(f"{c['kind']} {name}: the cluster has no room for its {res} requests",
                           [f"scheduler: {m.group(0)}"], "add nodes or lower the requests", strong=False)
    if "image" in s.signals:
        img = re.search(r'image "([^"]+)"', text)
        if re.search(r"not found|manifest unknown|NotFound", text):
            return Verdict(f"{c['kind']} {name} uses image {img.group(1) if img else '?'}, which the registry does not have",
                           ["the kubelet: " + next((m for m in s.messages if "not found" in m.lower()), text)[:300]],
                           f"kubectl set image {kind}/{name}{_ns(c)} <container>=<existing tag>   # or kubectl rollout undo {kind}/{name}{_ns(c)}")
        return Verdict(f"{c['kind']} {name} cannot pull its image", [text[:300]], f"check the image and registry access of {name}",
                       strong=False)
    if "liveness" in s.signals:
        return Verdict(f"{c['kind']} {name}: the liveness probe kills its containers",
                       [m for m in s.messages if "Liveness" in m][:2] or [text[:300]],
                       f"kubectl edit {kind} {name}{_ns(c)}   # fix livenessProbe (path/port, initialDelaySeconds, timeoutSeconds), "
                       f"or kubectl rollout undo {kind}/{name}{_ns(c)}", strong=False)
    if "notready" in s.signals:
        return Verdict(f"{c['kind']} {name}: the readiness probe fails",
                       [m for m in s.messages if "Readiness" in m][:2] or [text[:300]],
                       f"kubectl edit {kind} {name}{_ns(c)}   # fix readinessProbe (path/port), or kubectl rollout undo "
                       f"{kind}/{name}{_ns(c)}", strong=False)
    if "crash" in s.signals:
        return Verdict(f"{c['kind']} {name}: its container exits ({', '.join(s.reasons)})", [text[:300]],
                       f"kubectl logs{_ns(c)} {nodes[0]['name']} --previous", strong=False)
    return None

"""The state checker: one rule per candidate cause kind, judging whether an entity at the end of a graph
path is abnormal in a way that explains the symptom.

A rule gets the candidate (a node as the graph returns it), the symptom, the path's nodes and edges, and
the StateGraph for follow-up Cypher; it returns a Verdict (``strong``: the entity's own state proves it;
weak: the best remaining explanation) or None when the candidate is healthy for this symptom. Fixes are
text: a kubectl command or a YAML excerpt, never applied.
"""
from __future__ import annotations

import difflib
import ipaddress
import json
import re
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any, Callable

from kubernetes.utils import parse_quantity

from toolkits.kubernetes.extract import DNS_FAILURE, NO_CLASS_SET, UNLABELLED_SLICE, selects, tolerated, service_of, tokens, ts
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
    named: bool = False  # the user's words name it (its name, a distinctive part of it, or its namespace)

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


def labels_of(edges: list[dict]) -> list[str]:
    return [_label(e) for e in edges]



def _edge_detail(edges: list[dict]) -> str:
    return (edges[-1].get("detail") or "") if edges else ""


# --- config -----------------------------------------------------------------------------
# a TLS handshake refused for an expired certificate (Go's x509, OpenSSL, Java, libpq)
_CERT_EXPIRED = re.compile(r"[^\n.;]*(?:certificate has expired|certificate expired|CertificateExpiredException|"
                           r"certificate is expired)[^\n;]*")
@rule("ConfigMap", "Secret")
def check_config(c: dict, s: Symptom, nodes: list[dict], edges: list[dict], sg: StateGraph) -> Verdict | None:
    kind, lower = c["kind"], c["kind"].lower()
    pull = _edge_detail(edges) == "imagePull"
    if "image" in s.signals and not pull:
        return None
    if pull and nodes[-2]["uid"] != nodes[0]["uid"] and nodes[-2]["kind"] != "ServiceAccount":
        return None  # another pod's pull secret (reached through a Service) says nothing of this pod's pull
    if not ({"config", "crash", "image"} & set(s.signals)):
        return None
    user = ref(nodes[-2]) if len(nodes) > 1 else "the pod"
    if c.get("missing") and twin(c, _edge_detail(edges), sg):
        return None  # the object is there under a near name: the reference is wrong (its workload or account)
    if c.get("missing"):
        what = "image pull secret" if pull else kind
        fix = (f"kubectl create secret docker-registry {c['name']}{_ns(c)} --docker-server=<registry> "
               "--docker-username=<user> --docker-password=<token>") if pull else (
            f"kubectl create {lower} {c['name']}{_ns(c)} --from-literal=<key>=<value>   "
            f"# or correct the name referenced by {user}")
        return Verdict(f"{what} {c['name']} does not exist", [f"{user} references {kind} {c['name']}, which is not in the cluster"], fix)
    expired = _CERT_EXPIRED.search(s.text) if kind == "Secret" and not pull else None
    if expired and c["detail"].get("type") == "kubernetes.io/tls" and labels_of(edges) in (
            ["USES_SECRET"], ["CONNECTS_TO", "SELECTS", "USES_SECRET"]):
        if c["detail"].get("certificate"):
            return None  # cert-manager renews this one (its Certificate would be what to look at)
        server = nodes[-2]
        return Verdict(f"Secret {c['name']} (kubernetes.io/tls, not renewed by cert-manager), the certificate "
                       f"{ref(server)} serves, has expired", [f"{ref(nodes[0])}: {expired.group(0).strip()[:240]}",
                                                             f"{ref(server)} mounts {ref(c)}, created {c['detail'].get('created') or 'at an unknown time'}"
                                                             ", with no cert-manager Certificate behind it"],
                       f"kubectl create secret tls {c['name']}{_ns(c)} --cert=<renewed.crt> --key=<renewed.key> "
                       f"--dry-run=client -o yaml | kubectl apply -f -   # then restart {server['name']}; better, let a "
                       "cert-manager Certificate own it")
    if pull and "image" in s.signals and _REGISTRY_REFUSED.search(s.text):
        if _failing_writer(c, sg):
            return None  # the schedule that refreshes it fails: the secret is only stale
        return Verdict(f"image pull secret {c['name']} is refused by the registry",
                       [f"{user} pulls with {kind} {c['name']}, which exists",
                        "the registry refuses it: " + next((m for m in s.messages if re.search(r"authoriz|denied", m, re.I)),
                                                           s.text)[:240]],
                       f"kubectl create secret docker-registry {c['name']}{_ns(c)} --docker-server=<registry> "
                       "--docker-username=<user> --docker-password=<new token> --dry-run=client -o yaml | kubectl apply -f -")
    if kind == "ConfigMap" and "unreachable" in s.signals and labels_of(edges)[-1:] == ["PINNED_IN"]:
        ip, host = _edge_detail(edges).split(" ", 1)
        svc = nodes[-2]
        return Verdict(f"ConfigMap {c['name']} answers {host} with {ip}, which is not Service {svc['name']}'s address "
                       f"({svc['detail'].get('clusterIP')}): clients dial a stale address",
                       [f"{ref(nodes[0])} connects to {ref(svc)}: {s.text[:160]}",
                        f"ConfigMap {c['name']}: hosts entry '{ip} {host}'",
                        f"{ref(svc)} clusterIP {svc['detail'].get('clusterIP')}"
                        + (f" (created {svc['detail'].get('created')})" if svc["detail"].get("created") else "")],
                       f"kubectl edit configmap {c['name']}{_ns(c)}   # remove the hosts line for {host}; the DNS server "
                       "reloads it, then the clients reconnect")
    if kind == "ConfigMap" and {"crash", "unreachable"} & set(s.signals):
        gone = _hosts_nowhere(c, sg)
        if not _proxy_between(nodes, edges, sg):
            gone = [(k, h) for k, h in gone if h.split(".svc")[0] in s.text.lower()]  # the one it fails on
        if gone:
            k, host = gone[0]
            return Verdict(f"ConfigMap {c['name']} points {k} at {host}, a Service that does not exist",
                           [f"{user} reads ConfigMap {c['name']} and cannot reach its database",
                            f"{k} = ...{host}...: no Service {host.split('.')[0] if '.svc' in host else host} there"],
                           f"kubectl edit configmap {c['name']}{_ns(c)}   # point {k} at the database's Service, then "
                           "restart the pods")
    wanted = {k for k in _edge_detail(edges).split(",") if k and k != "imagePull"}
    have = set(c["detail"].get("keys") or [])
    lost = sorted(wanted - have)
    if lost:
        return Verdict(f"{kind} {c['name']} has no key {', '.join(lost)}",
                       [f"{user} reads key(s) {', '.join(sorted(wanted))}", f"{kind} keys: {', '.join(sorted(have)) or '(none)'}"],
                       f"kubectl edit {lower} {c['name']}{_ns(c)}   # add the key(s) {', '.join(lost)}, "
                       "or fix the key name in the workload's env")
    server = nodes[-2] if len(nodes) > 2 and nodes[-2]["kind"] == "Pod" and labels_of(edges)[-2:] == ["SELECTS", "USES_CONFIG"] \
        else None  # a server the client reaches through its Service (a DNS server, a pooler), which reads this config
    if kind == "ConfigMap" and server is not None and {"crash", "unreachable"} & set(s.signals):
        refused = _refused_by_setting(c, s)
        if refused:
            said, line, k = refused
            return Verdict(f"ConfigMap {c['name']}, the configuration {ref(server)} runs with, holds the setting its "
                           f"clients are refused by (key {k})",
                           [f"{ref(nodes[0])}: {said}", f"{ref(nodes[1])} is served by {ref(server)}, which reads "
                            f"ConfigMap {c['name']}", f"ConfigMap {c['name']} key {k}: {line}"],
                           f"kubectl edit configmap {c['name']}{_ns(c)}   # raise or correct '{line}', then restart "
                           f"{server['name']}'s workload (kubectl rollout restart)")
    if kind == "ConfigMap" and ("crash" in s.signals or (server and "unreachable" in s.signals)):
        text = s.text if server is None else " ".join(server["detail"].get("messages") or [])
        for param, said in _rejected_settings(text):
            for k, v in (c["detail"].get("data") or {}).items():
                if re.search(rf"(?m)^\s*-{{0,2}}{re.escape(param)}\s*(=|:|\s)", v):
                    return Verdict(f"ConfigMap {c['name']} sets {param}, which the server rejects",
                                   ([f"{ref(nodes[0])} cannot reach {ref(nodes[1])}, served by {ref(server)}"] if server
                                    else []) + [f"the container exits: {said}", f"ConfigMap {c['name']} key {k} sets {param}"],
                                   f"kubectl edit configmap {c['name']}{_ns(c)}   # fix or remove {param}, "
                                   "then restart the pods")
        for said, line, strong in _memory_settings(c, text):
            return Verdict(f"ConfigMap {c['name']} sets '{line}', and the server cannot get that memory at start",
                           [f"the container exits: {said}", f"ConfigMap {c['name']} sets {line}"],
                           f"kubectl edit configmap {c['name']}{_ns(c)}   # "
                           + ("set huge_pages = try (or request hugepages-2Mi and provision them on the node)"
                              if line.startswith("huge_pages") else "lower it to fit the container's memory limit")
                           + ", then restart the pods", strong=strong)
    return None


# a server that cannot get the memory its configuration sizes at start: (what it says, the lines that decide it,
# most specific first: (line pattern, whether that line alone proves it))
_NO_MEMORY_AT_START = (
    (r"could not map anonymous shared memory|could not create shared memory segment",  # PostgreSQL
     ((r"^\s*huge_pages\s*=\s*'?on\b'?", True), (r"^\s*shared_buffers\s*=\s*\S+", False))),
    (r"Cannot allocate memory for the buffer pool|InnoDB: mmap\(\d+ bytes\) failed",  # MySQL / MariaDB
     ((r"^\s*innodb[_-]buffer[_-]pool[_-]size\s*=\s*\S+", False),)),
)


def _memory_settings(c: dict, text: str) -> list[tuple[str, str, bool]]:
    """(the server's words, the ConfigMap line that sizes the memory it could not get, whether that proves it)."""
    out = []
    for said, lines in _NO_MEMORY_AT_START:
        m = re.search(said, text)
        for pattern, strong in lines if m else ():
            for v in (c["detail"].get("data") or {}).values():
                hit = re.search(pattern, v or "", re.M | re.I)
                if hit:
                    start = text.rfind("\n", 0, m.start()) + 1
                    out.append((text[start:m.end() + 60].split("\n")[0].strip()[:240], hit.group(0).strip(), strong))
    return out


# what database servers print when a setting in their configuration file is refused: (name, the line)
_REJECTED = (
    r'invalid value for parameter "(?P<p>[\w.]+)"',  # PostgreSQL
    r'unrecognized configuration parameter "(?P<p>[\w.]+)"',  # PostgreSQL
    r'parameter "(?P<p>[\w.]+)" (?:requires|cannot be)',  # PostgreSQL
    r"unknown variable '(?P<p>[\w.-]+)(?:=[^']*)?'",  # MySQL / MariaDB
    r"unknown option '--(?P<p>[\w.-]+)'",  # MySQL
    r"[Uu]nrecognized option:? '?(?P<p>[\w.]+)",  # MongoDB
    r"Bad directive or wrong number of arguments.*?'(?P<p>[\w-]+)",  # Redis
    r">>> '(?P<p>[\w-]+)[^'\n]*'\n(?:Bad directive|wrong number of arguments|[Ii]nvalid argument|argument)",  # Redis 7
    r"\[FATAL\] plugin/(?P<p>\w+):",  # CoreDNS: a Corefile plugin that stops the server (loop: a forward loop)
    r"plugin/(?P<p>\w+): not an IP address or file",  # CoreDNS: forward to a host name
    r"Corefile:\d+ - Error during parsing: (?:Unknown directive|Wrong argument count[^']*) '?(?P<p>[\w.]+)",  # CoreDNS
)


# a write refused because the server it reached takes no writes (PostgreSQL, MySQL, Redis, MongoDB)
READ_ONLY = (r"running with the --(?:super-)?read-only option|cannot execute \w+ in a read-only transaction|"
             r"READONLY You can't write against a read only replica|NotWritablePrimary|not master and slaveOk=false")
# what a client is told when the server (or the pooler / proxy in between) refuses it because of a line of its
# configuration: (the client's words, the configuration lines that decide it)
_REFUSED = (
    (r"OOM command not allowed when used memory > '?maxmemory'?", r"^\s*maxmemory(?:-policy)?\s+\S+"),  # Redis
    (r'no pg_hba\.conf entry for host "?[\d.:a-f]+',  # PostgreSQL: the host lines of pg_hba.conf
     r"^\s*host(?:ssl|nossl|gssenc)?\s+\S+\s+\S+\s+[\d.:a-f]+/\d+.*"),
    (r"no more connections allowed \(max_client_conn\)", r"^\s*max_client_conn\s*=\s*\d+"),  # PgBouncer
    (READ_ONLY,
     # PostgreSQL told to refuse writes; a proxy's server list, which decides where writes go (ProxySQL hostgroups).
     # (not a replica's own read_only: a replica is read-only by design, and the Service choosing it is the mistake)
     r"^\s*default_transaction_read_only\s*[=:]\s*\S+|\{[^}\n]*\bhostgroup\s*=\s*\d+[^}\n]*\}"),
)


def _refused_by_setting(c: dict, s: Symptom) -> tuple[str, str, str] | None:
    """(the client's line, the configuration line, its key) when the client is refused for what this ConfigMap sets."""
    for said, setting in _REFUSED:
        m = re.search(said, s.text)
        if not m:
            continue
        for k, v in (c["detail"].get("data") or {}).items():
            lines = [x.group(0).strip() for x in re.finditer(setting, v or "", re.M | re.I)]
            if lines:
                start = s.text.rfind("\n", 0, m.start()) + 1
                return (s.text[start:m.end() + 120].split("\n")[0].strip()[:240],
                        "; ".join(re.sub(r"\s+", " ", x) for x in lines[:4])[:300], k)
    return None


def _namespace_adds(pod: dict, sg: StateGraph) -> dict:
    """The part of a pod's nodeSelector that its namespace adds (an annotated project), not its template."""
    _, rows = sg.query("MATCH (n:Namespace {name: $ns}) RETURN n.detail", {"ns": pod["namespace"]})
    added = (json.loads(rows[0][0]).get("nodeSelector") or {}) if rows else {}
    _, rows = sg.query("MATCH (w)-[:OWNS*1..2]->(p:Pod {uid: $uid}) RETURN w.detail", {"uid": pod["uid"]})
    if not rows:
        return {}  # no workload known: what the pod asks may be its own
    own = {k for (d,) in rows for k in (json.loads(d).get("templateSelector") or {})}
    sel = pod["detail"].get("nodeSelector") or {}
    return {k: v for k, v in added.items() if sel.get(k) == v and k not in own}


_NO_NODE_MATCH = re.compile(r"[0-9]+ node\(s\) didn't match Pod's node affinity/selector")


def _node_labels(sg: StateGraph) -> dict[str, dict]:
    """Every node of the cluster (not a placeholder for one only referenced) and its labels."""
    _, rows = sg.query("MATCH (n:Node) WHERE NOT n.missing RETURN n.name, n.labels")
    return {name: json.loads(labels or "{}") for name, labels in rows}


def _fits(terms: list[dict], labels: dict) -> bool:
    """A node with these labels meets one of a volume's required nodeAffinity terms."""
    return any(selects({"matchExpressions": t.get("matchExpressions") or []}, labels) for t in terms)


def _injected_selector(c: dict, s: Symptom, nodes: list[dict], sg: StateGraph) -> Verdict | None:
    """A namespace whose node-selector annotation sends every new pod to nodes that are not there."""
    pod = nodes[0]
    added = _namespace_adds(pod, sg) if pod["kind"] == "Pod" else {}
    unmatched = _NO_NODE_MATCH.search(s.text)
    if not added or not unmatched:
        return None
    if any(selects(added, lab) for lab in _node_labels(sg).values()):
        return None  # some node carries what the namespace asks: the pod fails for another part of its placement
    said = ",".join(f"{k}={v}" for k, v in added.items())
    return Verdict(f"Namespace {c['name']} adds nodeSelector {said} to every pod created in it (annotation), and no "
                   "node carries it", [f"{ref(pod)} is Pending: {unmatched.group(0)}",
                                       f"its nodeSelector {pod['detail'].get('nodeSelector')}: {said} is not in its "
                                       "workload's template", f"Namespace {c['name']}: node-selector annotation {said}"],
                   f"kubectl annotate namespace {c['name']} openshift.io/node-selector- "
                   "scheduler.alpha.kubernetes.io/node-selector-   # or set it to labels the nodes carry; then delete "
                   "the Pending pod")


def _rejected_settings(text: str) -> list[tuple[str, str]]:
    out = []
    for pat in _REJECTED:
        for m in re.finditer(pat, text):
            line = text[max(0, text.rfind("\n", 0, m.start()) + 1):text.find("\n", m.end()) if "\n" in text[m.end():] else None]
            out.append((m.group("p"), line.strip()[:300]))
    return out


def _near(a: str, b: str) -> bool:
    """Two names for one object: one's words begin the other's (loyalty-mongodb / loyalty-mongodb-creds), or a
    slip of a letter or two (credentails / credentials)."""
    wa, wb = re.split(r"[-_.]", a.lower()), re.split(r"[-_.]", b.lower())
    short, long_ = sorted((wa, wb), key=len)
    if a != b and len(short) >= 2 and long_[:len(short)] == short:
        return True
    return a != b and len(a) >= 6 and difflib.SequenceMatcher(None, a, b).ratio() >= 0.88


def twin(missing: dict, wanted: str, sg: StateGraph) -> dict | None:
    """The existing object a reference to a missing ConfigMap/Secret most likely meant: same kind and namespace,
    a near name, and every key the reference reads (for an image pull secret: a registry credential)."""
    pull = wanted == "imagePull"
    keys = {k for k in wanted.split(",") if k and not pull}
    _, rows = sg.query(f"MATCH (o:{missing['kind']} {{namespace: $ns}}) WHERE NOT o.missing RETURN o",
                       {"ns": missing["namespace"]})
    for (raw,) in rows:
        o = node_dict(raw)
        if not _near(missing["name"], o["name"]):
            continue
        if pull and "dockerc" not in (o["detail"].get("type") or ""):
            continue
        if not pull and (not keys or not keys <= set(o["detail"].get("keys") or [])):
            continue
        return o
    return None


def _failing_writer(secret: dict, sg: StateGraph) -> bool:
    """A schedule that writes this Secret (a registry token it refreshes) and whose latest runs failed."""
    _, rows = sg.query("MATCH (j:CronJob)-[:WRITES_SECRET]->(:Secret {uid: $uid}) WHERE j.reasons CONTAINS 'RunsFailing' "
                       "RETURN count(j)", {"uid": secret["uid"]})
    return bool(rows[0][0])


def _from_account(pod: dict, secret: dict, sg: StateGraph) -> bool:
    """The pod's pull secret came from its ServiceAccount (the admission controller copies them)."""
    _, rows = sg.query("MATCH (p:Pod {uid: $p})-[:USES_ACCOUNT]->(a:ServiceAccount)-[:USES_SECRET]->(s {uid: $s}) "
                       "RETURN count(a)", {"p": pod["uid"], "s": secret["uid"]})
    return bool(rows and rows[0][0])


def misnamed(holder: dict, sg: StateGraph, pull: bool | None = None) -> list[tuple[dict, dict]]:
    """(missing object, the existing one meant) for each ConfigMap/Secret ``holder`` (a pod or a ServiceAccount)
    references under a wrong name; ``pull`` picks image pull secrets only (True) or the others (False)."""
    label = holder["kind"]
    _, rows = sg.query(f"MATCH (h:{label} {{uid: $uid}})-[r:USES_CONFIG|USES_SECRET]->(o) WHERE o.missing "
                       "RETURN o, r.detail", {"uid": holder["uid"]})
    out = []
    for raw, detail in rows:
        if pull is not None and (detail == "imagePull") != pull:
            continue
        o = node_dict(raw)
        meant = twin(o, detail or "", sg)
        if meant:
            out.append((o, meant))
    return out


def _proxy_between(nodes: list[dict], edges: list[dict], sg: StateGraph) -> bool:
    """The path runs client -> Service -> another workload's pod -> its ConfigMap: a proxy (a pooler) the client
    reaches, whose own configuration names the servers behind it. A Service that selects the client itself is
    its own (its peers' config is its own config)."""
    if labels_of(edges) != ["CONNECTS_TO", "SELECTS", "USES_CONFIG"]:
        return False
    return not sg.query("MATCH (s:Service {uid: $s})-[:SELECTS]->(p:Pod {uid: $p}) RETURN count(p)",
                        {"s": nodes[1]["uid"], "p": nodes[0]["uid"]})[1][0][0]


_SVC_HOST = re.compile(r"\b([a-z0-9][a-z0-9-]*(?:\.[a-z0-9][a-z0-9-]*){1,2})\.svc(?:\.cluster\.local)?\b")


def _hosts_nowhere(cm: dict, sg: StateGraph) -> list[tuple[str, str]]:
    """(key, host) for each cluster DNS name (``*.svc``) in a ConfigMap whose Service is not in the cluster."""
    out = []
    for k, v in (cm["detail"].get("data") or {}).items():
        for m in _SVC_HOST.finditer(str(v).lower()):
            name, ns = service_of(m.group(0), cm["namespace"])
            _, rows = sg.query("MATCH (s:Service {namespace: $ns, name: $n}) WHERE NOT s.missing RETURN count(s)",
                               {"ns": ns, "n": name})
            if not rows[0][0]:
                out.append((k, m.group(0)))
    return out


_REGISTRY_REFUSED = re.compile(r"failed to authorize|401 Unauthorized|unauthorized|authentication required|pull access "
                               r"denied|denied: requested access|no basic auth credentials|: 403 Forbidden", re.I)


def _no_pull_secret(c: dict, s: Symptom, nodes: list[dict], sg: StateGraph) -> Verdict | None:
    """A pod refused by its private registry that has no pull secret at all, running as a ServiceAccount that
    lists none, while other ServiceAccounts of the namespace hand out a registry credential."""
    pod = nodes[0]
    if pod["kind"] != "Pod" or len(nodes) != 2 or not _REGISTRY_REFUSED.search(s.text):
        return None
    own = sg.query("MATCH (p:Pod {uid: $p})-[r:USES_SECRET]->(:Secret) WHERE r.detail = 'imagePull' RETURN count(r)",
                   {"p": pod["uid"]})[1][0][0]
    listed = sg.query("MATCH (a:ServiceAccount {uid: $a})-[:USES_SECRET]->(x) RETURN count(x)", {"a": c["uid"]})[1][0][0]
    if own or listed:
        return None
    # the namespace hands out its registry credential through ServiceAccounts (else through pod templates: the
    # workload that lacks it is what to change)
    _, rows = sg.query("MATCH (:ServiceAccount {namespace: $ns})-[:USES_SECRET]->(x:Secret) WHERE NOT x.missing AND "
                       "x.detail CONTAINS 'dockerc' RETURN DISTINCT x.name", {"ns": c["namespace"]})
    if not rows:
        return None
    name = rows[0][0]
    return Verdict(f"ServiceAccount {c['name']} has no imagePullSecrets, so {pod['name']} pulls from the private registry "
                   "without credentials",
                   [f"{ref(pod)} runs as {c['name']} and the registry refuses it: "
                    + _REGISTRY_REFUSED.search(s.text).group(0),
                    f"the pod has no imagePullSecrets; ServiceAccount {c['name']} lists none",
                    f"registry credential in the namespace: Secret {', '.join(r[0] for r in rows[:3])}"],
                   f"kubectl patch serviceaccount {c['name']}{_ns(c)} -p '{{\"imagePullSecrets\": [{{\"name\": \"{name}\"}}]}}'"
                   "   # then delete the pod so it is created again with it")


@rule("ServiceAccount")
def check_account(c: dict, s: Symptom, nodes: list[dict], edges: list[dict], sg: StateGraph) -> Verdict | None:
    if c.get("missing"):
        return Verdict(f"ServiceAccount {c['name']} does not exist",
                       [f"{ref(nodes[-2])} runs pods as ServiceAccount {c['name']}", "the ReplicaSet cannot create pods"],
                       f"kubectl create serviceaccount {c['name']}{_ns(c)}   # or fix serviceAccountName in the pod template")
    wrong = misnamed(c, sg, pull=True) if "image" in s.signals else []
    if wrong:
        gone, meant = wrong[0]
        return Verdict(f"ServiceAccount {c['name']} pulls images with Secret {gone['name']}, which does not exist; "
                       f"the registry credential is {meant['name']}",
                       [f"{ref(nodes[0])} runs as ServiceAccount {c['name']} and cannot pull its image",
                        f"ServiceAccount {c['name']} imagePullSecrets: {gone['name']} (not in the namespace)",
                        f"Secret {meant['name']} ({meant['detail'].get('type')}) is there"],
                       f"kubectl patch serviceaccount {c['name']}{_ns(c)} -p "
                       f"'{{\"imagePullSecrets\": [{{\"name\": \"{meant['name']}\"}}]}}'   # then delete the pod so it "
                       "pulls again")
    lacking = _no_pull_secret(c, s, nodes, sg) if "image" in s.signals else None
    if lacking:
        return lacking
    if "attach" in s.signals and labels_of(edges) == ["MOUNTS", "BINDS", "DRIVEN_AS"]:  # the pod's own volume
        return _no_cloud_identity(c, s, nodes, sg)
    refused = _no_cloud_identity(c, s, nodes, sg) if {"crash", "jobfail"} & set(s.signals) and \
        labels_of(edges) == ["USES_ACCOUNT"] else None
    if refused:  # the pod's own cloud calls are refused
        return refused
    token = re.search(r"[^\n]*(?:serviceaccount/token|kubernetes\.io/serviceaccount|[Ss]ervice ?account token|"
                      r"[Ss]ervice token file|token file does not exist)[^\n]*", s.text)
    if "crash" in s.signals and token and c["detail"].get("automount") is False:
        return Verdict(f"ServiceAccount {c['name']} has automountServiceAccountToken: false, and its pods need the "
                       "API token", [f"{ref(nodes[0])} exits: {token.group(0).strip()[:240]}",
                                     f"ServiceAccount {c['name']}: automountServiceAccountToken false"],
                       f"kubectl patch serviceaccount {c['name']}{_ns(c)} -p '{{\"automountServiceAccountToken\": true}}'   "
                       "# or set it to true in the pod template, then restart the pods")
    return None


# what a database says when its connection slots are used up (PostgreSQL, MySQL, generic poolers)
SLOTS = (r"too many clients|remaining connection slots are reserved|[Tt]oo many connections|connection limit exceeded|"
         r"max_connections")


# a Docker-link variable (<SERVICE>_PORT=tcp://<cluster IP>:<port>) in what a container says
SERVICE_LINK = (r"\b[A-Z][A-Z0-9_]*_PORT\b[^\n]{0,80}tcp://\d+\.\d+\.\d+\.\d+:\d+|"
                r"tcp://\d+\.\d+\.\d+\.\d+:\d+[^\n]{0,80}\b[A-Z][A-Z0-9_]*_PORT\b")


def _service_link(c: dict, s: Symptom) -> Verdict | None:
    """The kubelet injects <NAME>_PORT=tcp://<ip>:<port> for every Service of the namespace (enableServiceLinks): a new
    Service whose name matches a variable the app reads but does not set overrides it in pods started since."""
    line = re.search(SERVICE_LINK, s.text)
    if line is None:
        return None
    value = re.search(r"tcp://(\d+\.\d+\.\d+\.\d+):\d+", line.group(0))
    var = f"{c['name'].upper().replace('-', '_')}_PORT"
    if c["detail"].get("clusterIP") != value.group(1) or var not in re.findall(r"\b[A-Z][A-Z0-9_]*_PORT\b", line.group(0)):
        return None
    if var in (s.node["detail"].get("env_names") or []):
        return None  # the app sets the variable itself
    return Verdict(f"Service {c['name']}'s name makes the kubelet inject {var}={value.group(0)} into the pods, "
                   "overriding what the app expects", [
                       f"{ref(s.node)} fails on: {line.group(0)[:160]}", f"Service {c['name']} has cluster IP {value.group(1)}",
                       f"the pod does not set {var} itself: it is a service link variable"],
                   f"rename Service {c['name']}{_ns(c)} (or set enableServiceLinks: false in the app's pod template)")


# what a cloud API says when the caller has no credentials or is refused (AWS SDK, Google auth, Azure identity)
_CLOUD_REFUSED = re.compile(r"get credentials|NoCredentialProviders|no EC2 IMDS role|WebIdentityErr|AccessDenied|"
                            r"UnauthorizedOperation|not authorized to perform|could not find default credentials|"
                            r"invalid_grant|AADSTS\d+|ManagedIdentityCredential|DefaultAzureCredential|"
                            r"does not have (?:the )?permission|PERMISSION_DENIED|AuthorizationFailed")


def _cloud_account(identity: str) -> str:
    """The cloud account an identity belongs to: the AWS account id of a role ARN, the GCP project of a service
    account's e-mail."""
    m = re.search(r"arn:aws[\w-]*:iam::(\d{12}):", identity) or re.search(r"@([\w-]+)\.iam\.gserviceaccount\.com", identity)
    return m.group(1) if m else ""


def _no_cloud_identity(c: dict, s: Symptom, nodes: list[dict], sg: StateGraph) -> Verdict | None:
    """A pod (or a volume's CSI controller) is refused by the cloud: its ServiceAccount lacks the workload-identity
    annotation the cluster's other cloud-facing accounts carry, or names a cloud account none of them uses (strong),
    or has one that the cloud refuses (weak)."""
    runs = [m for r in s.node["detail"].get("failed_runs") or [] for m in r.get("messages") or []]  # a schedule's
    said = next((m.strip() for m in s.messages + runs if _CLOUD_REFUSED.search(m)), None)
    if said is None:
        return None
    volume = next((n for n in nodes if n["kind"] == "PersistentVolume"), nodes[0])
    mine = c["detail"].get("cloud_identity") or {}
    _, rows = sg.query("MATCH (a:ServiceAccount) WHERE a.uid <> $uid RETURN a", {"uid": c["uid"]})
    others = [a for a in (node_dict(r[0]) for r in rows) if a["detail"].get("cloud_identity")]
    keys = sorted({k for a in others for k in a["detail"]["cloud_identity"]})
    evidence = [f"{ref(nodes[0])}: {said[:260]}"] + ([f"{ref(volume)} is attached by the CSI controller running as "
                                                   f"ServiceAccount {c['name']}"] if volume is not nodes[0] else [])
    theirs = [x for a in others for x in map(_cloud_account, a["detail"]["cloud_identity"].values()) if x]
    own = {_cloud_account(v) for v in mine.values()} - {""}
    who = "the storage driver" if volume is not nodes[0] else "its pods"
    if own and len(set(theirs)) == 1 and len(theirs) > 1 and theirs[0] not in own:
        return Verdict(f"ServiceAccount {c['name']}'s cloud identity names account {', '.join(sorted(own))}, and every "
                       f"other account here uses {theirs[0]}", evidence + [
                           f"ServiceAccount {c['name']}: {mine}", f"{', '.join(ref(a) for a in others[:3])} use cloud "
                           f"account {theirs[0]}"],
                       f"kubectl annotate --overwrite serviceaccount {c['name']}{_ns(c)} "
                       f"{next(iter(mine))}=<the role in account {theirs[0]}>   # then re-run the pods")
    if not mine and keys:
        return Verdict(f"ServiceAccount {c['name']} has no cloud identity ({keys[0]}), so {who} cannot call the "
                       "cloud API", evidence + [
                           f"ServiceAccount {c['name']} has no {' / '.join(keys)} annotation; "
                           f"{', '.join(ref(a) for a in others[:3])} carry one"],
                       f"kubectl annotate serviceaccount {c['name']}{_ns(c)} {keys[0]}=<its role>   # then restart "
                       "the pods that run as it")
    return Verdict(f"{who} running as ServiceAccount {c['name']} are refused by the cloud API".capitalize(), evidence +
                   [f"ServiceAccount {c['name']} identity: {mine or '(none)'}"],
                   "check the account's cloud role and its permissions, then restart the pods that run as it", strong=False)


# --- storage ----------------------------------------------------------------------------
@rule("PersistentVolumeClaim")
def check_claim(c: dict, s: Symptom, nodes: list[dict], edges: list[dict], sg: StateGraph) -> Verdict | None:
    if "crash" in s.signals and re.search(r"no space left on device", s.text, re.I) and c.get("phase") == "Bound":
        size = c["detail"].get("capacity") or c["detail"].get("request")
        return Verdict(f"volume {c['name']} ({size}) is full",
                       ["the container exits: No space left on device", f"{ref(nodes[0])} mounts {c['name']}"],
                       f"kubectl patch pvc {c['name']}{_ns(c)} -p '{{\"spec\":{{\"resources\":{{\"requests\":{{\"storage\":\"<bigger>\"}}}}}}}}'"
                       "   # needs allowVolumeExpansion on its StorageClass; or free space (old WAL, logs)")
    mode = re.search(r"[^.]*(multi[- ]writer|access ?mode|ReadWriteMany|ReadOnlyMany|not support\w* .*access)[^.]*", s.text, re.I)
    if "storage" in s.signals and mode and c.get("phase") != "Bound" and not c.get("missing"):
        return Verdict(f"PersistentVolumeClaim {c['name']} asks for an access mode its StorageClass "
                       f"{c['detail'].get('storageClass')} cannot provide",
                       [f"provisioning failed: {mode.group(0).strip()[:240]}", f"{ref(c)} is {c.get('phase') or 'Pending'}"],
                       f"recreate {c['name']}{_ns(c)} with accessModes: [ReadWriteOnce], or use a class that serves "
                       "ReadWriteMany (a file storage class: NFS, EFS, Filestore, Azure Files, CephFS)")
    if c.get("missing"):
        return Verdict(f"PersistentVolumeClaim {c['name']} does not exist", [f"{ref(nodes[-2])} mounts it"],
                       f"create the claim {c['name']}{_ns(c)} or fix claimName")
    unknown = _class_never_here(c, sg) if "storage" in s.signals else ""
    if unknown:
        return Verdict(f"PersistentVolumeClaim {c['name']} asks for StorageClass {unknown}, which this cluster does not "
                       "have and never had", [f"{ref(c)} is {c.get('phase') or 'Pending'}: storageClassName {unknown}",
                                              f"no StorageClass {unknown} and no volume of that class exists; classes "
                                              f"here: {', '.join(_class_names(sg)) or '(none)'}"],
                       f"recreate {c['name']}{_ns(c)} with storageClassName set to one of the classes above (or omit it "
                       "for the default); a claim's class cannot be changed in place")
    holder = _holder(c, sg)
    if holder:
        pv, other = holder
        return Verdict(f"PersistentVolumeClaim {c['name']} asks for volume {pv['name']}, which {other} holds",
                       [f"{ref(c)} is {c.get('phase') or 'Pending'} with volumeName {pv['name']}",
                        f"PersistentVolume {pv['name']} is bound to {other}, a claim that exists and uses it"],
                       f"recreate {c['name']}{_ns(c)} without spec.volumeName (let its StorageClass provision a volume), "
                       f"or point it at a free volume: kubectl get pv | grep Available")
    return None


def _class_names(sg: StateGraph) -> list[str]:
    _, rows = sg.query("MATCH (s:StorageClass) WHERE NOT s.missing RETURN s.name ORDER BY s.name")
    return [r[0] for r in rows]


def _class_never_here(claim: dict, sg: StateGraph) -> str:
    """The class a standalone claim names when no such class exists and no volume was ever made of it (a manifest
    from another cluster): the claim is what to change. A StatefulSet's claims (their template cannot be edited) or
    a class that made volumes before (it was deleted) are the class's fault."""
    name = claim["detail"].get("storageClass") or ""
    if not name or name in _class_names(sg):
        return ""
    _, rows = sg.query("MATCH (c:PersistentVolumeClaim {uid: $uid}) RETURN EXISTS { MATCH (:StatefulSet)-[:CLAIMS]->(c) }, "
                       "EXISTS { MATCH (v:PersistentVolume)-[:USES_CLASS]->(:StorageClass {name: $name}) }",
                       {"uid": claim["uid"], "name": name})
    templated, made = rows[0] if rows else (True, True)
    return "" if templated or made else name


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
    if "mount" in s.signals:
        return _class_mount_options(c, s, nodes, sg)
    if "unschedulable" in s.signals and "volume node affinity conflict" in s.text:
        return _bound_too_early(c, s, nodes, sg)
    claim = _pending_claim(nodes)
    if claim is None:
        return None
    if _edge_detail(edges) == NO_CLASS_SET:
        return _default_unmarked(c, claim, s, sg)
    rejected = _rejected_parameter(c, s)
    if rejected:
        key_, said = rejected
        return Verdict(f"StorageClass {c['name']} asks its provisioner for {key_}={c['detail']['parameters'][key_]}, "
                       "which the storage backend rejects",
                       [f"{ref(claim)} is {claim.get('phase') or 'Pending'}: {said}",
                        f"StorageClass {c['name']} parameters: {c['detail'].get('parameters')} (created "
                        f"{c['detail'].get('created')})"],
                       f"kubectl get storageclass {c['name']} -o yaml > sc.yaml   # correct {key_} (a class's parameters "
                       "are immutable), then kubectl replace --force -f sc.yaml; the pending claim is provisioned again")
    if c.get("missing") and _class_never_here(claim, sg):
        return None  # a standalone claim from another cluster's manifests: the claim is what to change
    if c.get("missing"):
        return Verdict(f"StorageClass {c['name']} does not exist",
                       [f"{ref(claim)} is {claim.get('phase') or 'Pending'} and asks for storageClassName {c['name']}"],
                       f"kubectl get storageclass   # then set storageClassName of {claim['name']} to an existing class, "
                       f"or create StorageClass {c['name']}")
    if c["detail"].get("binding") == "WaitForFirstConsumer" and not re.search(
            r"ProvisioningFailed|failed to provision|ExternalProvisioning|external provisioner",
            s.text + " " + " ".join(s.messages)):
        return None  # the claim waits for its pod to be scheduled (once it is, provisioning is asked for and waited on)
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


def _rejected_parameter(c: dict, s: Symptom) -> tuple[str, str] | None:
    """(the class parameter, the provisioner's words) when provisioning failed for an invalid value that the failure
    names: the class asks for something the storage backend does not allow."""
    for m in s.messages:
        bad = re.search(r"InvalidParameter|[Ii]nvalid (?:parameter|value|argument)|must be between|out of range|"
                        r"not (?:a )?valid|unsupported", m)
        if not bad or "provision" not in m.lower():
            continue
        tail = m[bad.start():].lower()  # what the backend says is wrong, not the request it echoes before that
        for k in c["detail"].get("parameters") or {}:
            if re.search(rf"\b{re.escape(k.split('/')[-1].lower())}\b", tail):
                return k, m.strip()[-240:]
    return None


def _default_unmarked(c: dict, claim: dict, s: Symptom, sg: StateGraph) -> Verdict:
    """A claim that names no class waits because no StorageClass is marked default; the class to mark is the one
    not marked "false" that holds the cluster's volumes (a class re-created without the annotation)."""
    _, rows = sg.query("MATCH (k:StorageClass) WHERE NOT k.missing AND NOT k.detail CONTAINS '\"default\": \"false\"' "
                       "OPTIONAL MATCH (v:PersistentVolume)-[:USES_CLASS]->(k) RETURN k.uid, k.name, count(v)")
    used = sorted(((n, uid, name) for uid, name, n in rows), reverse=True)
    best = used[0][1] == c["uid"] and (len(used) == 1 or used[0][0] > used[1][0])
    said = next((m for m in s.messages if "no storage class is set" in m), "")
    return Verdict(f"No StorageClass is marked default, so claim {claim['name']} (no storageClassName) gets no volume; "
                   f"StorageClass {c['name']}, which holds {used[[u[1] for u in used].index(c['uid'])][0]} of the "
                   "cluster's volumes, lacks the default-class annotation",
                   [f"{ref(claim)} is {claim.get('phase') or 'Pending'} and sets no storageClassName"
                    + (f": {said[:160]}" if said else ""),
                    "classes not marked is-default-class=\"false\": " + ", ".join(f"{name} ({n} volumes)" for n, _, name in used),
                    f"StorageClass {c['name']} created {c['detail'].get('created') or '?'}"],
                   f"kubectl annotate storageclass {c['name']} storageclass.kubernetes.io/is-default-class=true   # and in "
                   "the manifest that (re)creates it; the pending claims then get the class", strong=best)


def _bound_too_early(c: dict, s: Symptom, nodes: list[dict], sg: StateGraph) -> Verdict | None:
    """A class that binds at once (volumeBindingMode Immediate) made the pod's volume where the pod may not run: the
    volume's topology (zone, host) was chosen before the scheduler knew the pod's nodeSelector."""
    pod, claim = nodes[0], next((n for n in nodes if n["kind"] == "PersistentVolumeClaim"), None)
    if pod["kind"] != "Pod" or claim is None or c.get("missing") or c["detail"].get("binding") != "Immediate":
        return None
    _, rows = sg.query("MATCH (:PersistentVolumeClaim {uid: $claim})-[:BINDS]->(v:PersistentVolume)-[:USES_CLASS]->"
                       "(:StorageClass {uid: $cls}) RETURN v", {"claim": claim["uid"], "cls": c["uid"]})
    pv = node_dict(rows[0][0]) if rows else None
    terms = (pv or {}).get("detail", {}).get("nodeTerms") or []
    if not terms:
        return None
    labels = _node_labels(sg)
    sel = pod["detail"].get("nodeSelector") or {}
    eligible = [n for n, lab in labels.items() if selects(sel, lab)]
    holds = [n for n, lab in labels.items() if _fits(terms, lab)]
    if not eligible or not holds or set(eligible) & set(holds):
        return None  # no node may take the pod at all, the volume is nowhere, or they meet: not the binding's doing
    where = "; ".join(f"{e.get('key')} {e.get('operator')} {e.get('values')}" for t in terms for e in t.get("matchExpressions") or [])
    return Verdict(f"StorageClass {c['name']} binds volumes at once (volumeBindingMode Immediate): {pv['name']} was made "
                   f"where {pod['name']} may not run ({where})",
                   [f"{ref(pod)} is Pending: volume node affinity conflict", f"{ref(pod)} may run on {', '.join(sorted(eligible)[:4])}"
                    + (f" (nodeSelector {sel})" if sel else ""), f"PersistentVolume {pv['name']} ({ref(claim)}) is usable "
                    f"only on {', '.join(sorted(holds)[:4])}", f"StorageClass {c['name']}: volumeBindingMode Immediate"],
                   f"kubectl get storageclass {c['name']} -o yaml > sc.yaml   # set volumeBindingMode: WaitForFirstConsumer, "
                   f"then kubectl replace --force -f sc.yaml; recreate claim {claim['name']} (after saving its data) so "
                   "the volume is made where the pod is scheduled")


def _replica_state(w: dict) -> str:
    want, ready = w["detail"].get("replicas") or 0, w["detail"].get("ready") or 0
    return "is scaled to 0 replicas" if want == 0 else f"has {ready}/{want} ready replicas"


def _down(w: dict) -> bool:
    """A controller with no ready replica (scaled to zero, crash-looping, unschedulable)."""
    return (w["detail"].get("replicas") or 0) == 0 or not (w["detail"].get("ready") or 0)


def _same_disk(pv: dict, sg: StateGraph) -> dict | None:
    """An older local volume with the same path pinned to the same nodes: two volumes cannot be one disk, so the
    newer one (a volume written again after a disk swap) names the wrong node."""
    src, terms = pv["detail"].get("source") or "", pv["detail"].get("nodeTerms")
    if not src.startswith(("local ", "hostPath ")) or not terms:
        return None
    _, rows = sg.query("MATCH (v:PersistentVolume) WHERE v.uid <> $uid AND NOT v.missing RETURN v", {"uid": pv["uid"]})
    older = [v for v in (node_dict(r[0]) for r in rows) if v["detail"].get("source") == src
             and v["detail"].get("nodeTerms") == terms and (v["detail"].get("created") or "") < (pv["detail"].get("created") or "")]
    return older[0] if older else None


@rule("PersistentVolume")
def check_volume(c: dict, s: Symptom, nodes: list[dict], edges: list[dict], sg: StateGraph) -> Verdict | None:
    if labels_of(edges)[-1:] != ["BINDS"]:
        return None  # a volume matters through the claim that binds it (not one pinned to the same node)
    wrong_id = next((m for m in map(_ATTACH_BAD_ID.search, s.messages) if m and m.group(1) == c["name"]), None) \
        if "attach" in s.signals else None
    if wrong_id:
        return Verdict(f"PersistentVolume {c['name']} names a disk the cloud does not have: "
                       f"{wrong_id.group(2).strip()[:160]}",
                       [f"{ref(nodes[0])}: AttachVolume.Attach failed for volume \"{c['name']}\": … "
                        f"{wrong_id.group(2).strip()[:200]}",
                        f"PersistentVolume {c['name']}: {c['detail'].get('source') or 'source unknown'}"],
                       f"kubectl get pv {c['name']} -o yaml > pv.yaml   # correct the disk id (spec.csi.volumeHandle is "
                       "immutable), then kubectl replace --force -f pv.yaml; with Retain the data on the disk is kept")
    twin = _same_disk(c, sg) if "unschedulable" in s.signals and "volume node affinity conflict" in s.text else None
    if twin:
        hosts = ", ".join(v for t in c["detail"].get("nodeTerms") or [] for e in t.get("matchExpressions") or []
                          for v in e.get("values") or [])
        return Verdict(f"PersistentVolume {c['name']} is pinned to {hosts}, where PersistentVolume {twin['name']} already "
                       f"is the same disk ({c['detail'].get('source')}): it names the wrong node",
                       [f"{ref(nodes[0])} is Pending: volume node affinity conflict",
                        f"PersistentVolume {c['name']} (created {c['detail'].get('created')}): {c['detail'].get('source')} "
                        f"on {hosts}",
                        f"PersistentVolume {twin['name']} (created {twin['detail'].get('created')}, bound to "
                        f"{twin['detail'].get('claim')}): the same path on the same node"],
                       f"kubectl get pv {c['name']} -o yaml > pv.yaml   # set nodeAffinity to the node whose disk it is, "
                       f"then kubectl replace --force -f pv.yaml (Retain keeps the data) and let the claim bind again")
    failed = _mount_failed(c, s)
    if failed and _options_from_class(c, sg):
        return None  # the volume's mount options came from its StorageClass: the class is what to change
    if failed:
        opts = ",".join(c["detail"].get("mountOptions") or []) or "none"
        return Verdict(f"PersistentVolume {c['name']} cannot be mounted: {failed[0]}",
                       [f"{ref(nodes[0])}: {failed[0]}", *failed[1:],
                        f"PersistentVolume {c['name']}: {c['detail'].get('source') or 'source unknown'}, mountOptions {opts}"],
                       f"kubectl edit pv {c['name']}   # make mountOptions ({opts}) and the source match what the "
                       "storage server accepts (e.g. the NFS version it serves); the pod mounts it on its next try")
    if "unschedulable" in s.signals and (c["detail"].get("nodeTerms") or []) and not c.get("missing"):
        gone = _affinity_gone(c, sg, s.text)
        if gone is not None:
            return Verdict(f"PersistentVolume {c['name']} is pinned to a node that can no longer run it "
                           f"({'; '.join(gone)})", [f"{ref(nodes[0])} mounts it and cannot be scheduled"
                                           + (": volume node affinity conflict" if "node affinity conflict" in s.text else ""),
                                           f"the volume's nodeAffinity: {c['detail']['nodeTerms']}"],
                           "the data lived on that node's local disk: bring the node back, or restore into a new claim "
                           "(delete claim and volume, let the pod get a fresh one, restore from a backup)")
    claim = _pending_claim(nodes)
    if claim is None:
        return None
    owner = c["detail"].get("claim") or ""
    if _holder(claim, sg):
        return None  # the volume is rightly bound to a claim in use: the claim that pins it is wrong
    stale = c["detail"].get("claim_uid")
    if owner == f"{claim['namespace']}/{claim['name']}" and c.get("phase") == "Released" and stale and stale != claim["uid"]:
        return Verdict(f"PersistentVolume {c['name']} is Released and still reserved for an earlier claim "
                       f"{claim['name']} (uid {stale[:8]}…), so the new claim of that name cannot bind it",
                       [f"{ref(claim)} is {claim.get('phase') or 'Pending'} (uid {claim['uid'][:8]}…)",
                        f"PersistentVolume {c['name']}: phase Released, claimRef {owner} uid {stale}"],
                       f"kubectl patch pv {c['name']} --type json -p '[{{\"op\": \"remove\", \"path\": "
                       "\"/spec/claimRef/uid\"}]'   # the data is kept (Retain); the claim binds it again")
    if owner and owner != f"{claim['namespace']}/{claim['name']}":
        return Verdict(f"PersistentVolume {c['name']} is held by {owner}, a claim that no longer uses it",
                       [f"{ref(claim)} asks for volumeName {c['name']}", f"{c['name']} claimRef: {owner}"],
                       f"remove volumeName from {claim['name']} (let it provision), or release {c['name']} "
                       f"(kubectl patch pv {c['name']} -p '{{\"spec\":{{\"claimRef\":null}}}}' once {owner} is gone)")
    if c.get("missing"):
        return Verdict(f"PersistentVolume {c['name']} does not exist", [f"{ref(claim)} asks for volumeName {c['name']}"],
                       f"remove volumeName from {claim['name']}")
    return None


# the kubelet ran mount for a volume and mount itself failed (not a missing ConfigMap/Secret, not an attach)
MOUNT_FAILED = r'MountVolume\.\w+ failed for volume "[^"]+" ?: [^\n]*?(?:mount failed|mount error)'
_MOUNT_LINE = re.compile(r'MountVolume\.\w+ failed for volume "([^"]+)" ?: [^\n]*?(?:mount failed|mount error)[^\n]*')
_MOUNT_OUTPUT = re.compile(r"(?:Output: )?\bmount(?:\.\w+)?(?: error\(\d+\))?: [^\n]{8,200}")


# an attach refused because the disk the volume names is not there or its id is not one (EBS, GCE PD, Azure Disk, Cinder)
# (the words must be about the disk: "node ... does not exist" is another fault)
_ATTACH_BAD_ID = re.compile(r'AttachVolume\.Attach failed for volume "([^"]+)"[^\n]*?((?:InvalidVolume(?:ID)?\.(?:Malformed|NotFound)'
                            r'|[Ii]nvalid (?:volume )?id|(?:[Dd]isk|[Vv]olume) "?[\w./-]+"? (?:was not found|not found|does '
                            r'not exist))[^\n]*)')


def _options_from_class(pv: dict, sg: StateGraph) -> dict | None:
    """The StorageClass a provisioned volume took its mount options from (the same, non-empty), else None."""
    opts = pv["detail"].get("mountOptions") or []
    _, rows = sg.query("MATCH (v:PersistentVolume {uid: $uid})-[:USES_CLASS]->(k:StorageClass) WHERE NOT k.missing "
                       "RETURN k", {"uid": pv["uid"]})
    cls = node_dict(rows[0][0]) if rows else None
    return cls if cls and opts and cls["detail"].get("mountOptions") == opts else None


def _class_mount_options(c: dict, s: Symptom, nodes: list[dict], sg: StateGraph) -> Verdict | None:
    claim = next((n for n in nodes if n["kind"] == "PersistentVolumeClaim"), None)
    if claim is None:
        return None
    _, rows = sg.query("MATCH (:PersistentVolumeClaim {uid: $claim})-[:BINDS]->(v:PersistentVolume)-[:USES_CLASS]->"
                       "(:StorageClass {uid: $cls}) RETURN v", {"claim": claim["uid"], "cls": c["uid"]})
    pv = node_dict(rows[0][0]) if rows else None
    failed = _mount_failed(pv, s) if pv else []
    if not failed or not _options_from_class(pv, sg):
        return None
    opts = ",".join(c["detail"]["mountOptions"])
    return Verdict(f"StorageClass {c['name']} gives its volumes mountOptions {opts}, and mounting {pv['name']} with "
                   f"them fails", [f"{ref(nodes[0])}: {failed[0]}", *failed[1:],
                                   f"PersistentVolume {pv['name']} ({pv['detail'].get('source') or 'source unknown'}) "
                                   f"was provisioned by StorageClass {c['name']}: mountOptions {opts}"],
                   f"kubectl get storageclass {c['name']} -o yaml > sc.yaml   # fix mountOptions (e.g. the NFS version the "
                   f"server serves), then: kubectl replace --force -f sc.yaml; and kubectl edit pv {pv['name']} (volumes "
                   "already made keep the old options)")


def _mount_failed(pv: dict, s: Symptom) -> list[str]:
    """What the kubelet said when mounting this volume failed: its line and the mount helper's own words, or []."""
    for m in _MOUNT_LINE.finditer(s.text):
        if m.group(1) == pv["name"]:
            rest = s.text[m.end():m.end() + 2000]
            said = [x.group(0).strip() for x in _MOUNT_OUTPUT.finditer(rest) if "Mounting" not in x.group(0)][:1]
            return [m.group(0).strip()[:300], *said]
    return []


def _no_load_balancer(c: dict, s: Symptom, sg: StateGraph) -> Verdict:
    """A LoadBalancer Service the cloud's controller keeps failing to build: its words, and its load-balancer
    annotations beside those of a Service that did get an address (what differs is usually the mistake)."""
    said = next((m for m in s.messages if "load balancer" in m.lower()), s.messages[0] if s.messages else "")
    notes = c["detail"].get("lb_notes") or {}
    _, rows = sg.query("MATCH (x:Service) WHERE x.uid <> $uid AND x.detail CONTAINS '\"lb_address\": true' "
                       "RETURN x.namespace, x.name, x.detail", {"uid": c["uid"]})
    works = [(ns, name, json.loads(d).get("lb_notes") or {}) for ns, name, d in rows]
    alike = next(((ns, name, n) for ns, name, n in works if set(n) & set(notes)), None)
    evidence = [f"{ref(c)}: no load-balancer address; the cloud controller: {said[:300]}",
                f"its load-balancer annotations: {notes or 'none'}"]
    if alike:
        differ = {k: alike[2][k] for k in alike[2] if k in notes and alike[2][k] != notes[k]}
        evidence.append(f"Service {alike[0]}/{alike[1]} has an address with {differ or alike[2]}")
    return Verdict(f"Service {c['name']} (type LoadBalancer) gets no address: the cloud controller fails to build its "
                   "load balancer", evidence,
                   f"kubectl edit service {c['name']}{_ns(c)}   # fix what the controller names (an annotation such as "
                   "the subnet, a quota, a reserved IP), then watch: kubectl get svc -w")


def _affinity_gone(pv: dict, sg: StateGraph, message: str = "") -> list[str] | None:
    """Why no node can use the volume: the nodes its required affinity names when no node of the cluster
    matches its terms, or the scheduler's own words when it says every node conflicts with it; else None."""
    terms = pv["detail"].get("nodeTerms") or []
    if not any(_fits(terms, lab) for lab in _node_labels(sg).values()):
        return [f"{e.get('key')} {e.get('operator')} {e.get('values')}" for t in terms for e in t.get("matchExpressions") or []]
    m = re.search(r"0/(\d+) nodes are available: (\d+) node\(s\) had volume node affinity conflict", message)
    if m and m.group(1) == m.group(2):
        return [f"every node (the scheduler: {m.group(0)})"]
    return None


# --- nodes ------------------------------------------------------------------------------
_NO_NETWORK = re.compile(r"NetworkPluginNotReady|cni plugin not initialized|network plugin is not ready|"
                         r"NetworkReady=false", re.I)
_AUTO_TAINT = "node.kubernetes.io/"  # taints the node controller sets itself (not-ready, unreachable, ...)


def _skipped_by(node: dict, ds: dict) -> list[str]:
    """Why a DaemonSet runs no pod on a node: the node's own taints it does not tolerate, or a nodeSelector the
    node's labels do not match."""
    why = [f"taint {t.get('key')}={t.get('value', '')}:{t.get('effect')}" for t in node["detail"].get("taints") or []
           if t.get("effect") in ("NoSchedule", "NoExecute") and not str(t.get("key", "")).startswith(_AUTO_TAINT)
           and not tolerated(t, ds["detail"].get("tolerations") or [])]
    sel = ds["detail"].get("nodeSelector") or {}
    if sel and not selects(sel, node["detail"].get("labels") or {}):
        why.append(f"nodeSelector {sel}")
    return why


def _missing_plugin(node: dict, sg: StateGraph) -> tuple[dict, list[str]] | None:
    """(the network plugin's DaemonSet, why it skips the node) for a node whose network is not ready for want of it."""
    if node.get("phase") != "NotReady" or not _NO_NETWORK.search(" ".join(node["detail"].get("messages") or [])):
        return None
    _, rows = sg.query("MATCH (n:Node {uid: $uid})-[:MISSES_AGENT]->(d:DaemonSet) RETURN d", {"uid": node["uid"]})
    for (raw,) in rows:
        ds = node_dict(raw)
        why = _skipped_by(node, ds) if ds["detail"].get("agent") == "cni" else []
        if why:
            return ds, why
    return None


@rule("Node")
def check_node(c: dict, s: Symptom, nodes: list[dict], edges: list[dict], sg: StateGraph) -> Verdict | None:
    if _missing_plugin(c, sg):
        return None  # the node is fine but for its network plugin, which its DaemonSet does not bring there
    if c.get("phase") == "NotReady" or any(r.endswith("Pressure") for r in (c.get("reasons") or "").split(",")):
        return Verdict(f"Node {c['name']} is {c.get('phase')} ({c.get('conditions')})",
                       [f"{ref(nodes[0])} runs on {c['name']}", f"node conditions: {c.get('conditions')}"],
                       f"kubectl describe node {c['name']}; check the kubelet (journalctl -u kubelet) or drain it: "
                       f"kubectl drain {c['name']} --ignore-daemonsets --delete-emptydir-data")
    if "unschedulable" in s.signals and labels_of(edges)[-1:] == ["PINNED_TO"] and c["detail"].get("unschedulable"):
        pv = nodes[-2]
        others = sg.query("MATCH (v:PersistentVolume {uid: $uid})-[:PINNED_TO]->(n:Node) WHERE n.uid <> $node AND "
                          "n.phase = 'Ready' AND NOT n.detail CONTAINS '\"unschedulable\": true' RETURN count(n)",
                          {"uid": pv["uid"], "node": c["uid"]})[1][0][0]
        if not others:
            return Verdict(f"Node {c['name']} is cordoned (unschedulable), and volume {pv['name']} can only be used there",
                           [f"{ref(nodes[0])} is Pending: it mounts {ref(nodes[-3]) if len(nodes) > 2 else pv['name']}",
                            f"PersistentVolume {pv['name']} is pinned to {c['name']} (nodeAffinity "
                            f"{pv['detail'].get('nodeTerms')})", f"Node {c['name']}: spec.unschedulable true"],
                           f"kubectl uncordon {c['name']}   # when its maintenance is over")
    unmatched = _NO_NODE_MATCH.search(s.text) if "unschedulable" in s.signals else None
    if unmatched and labels_of(edges) == ["MISSES_NODE"]:
        lacks = json.loads(_edge_detail(edges) or "{}")
        said = ",".join(f"{k}={v}" for k, v in lacks.items())
        peers = sorted(n for n, lab in _node_labels(sg).items() if lacks and all(lab.get(k) == v for k, v in lacks.items()))
        return Verdict(f"Node {c['name']} lacks the label{'s' if len(lacks) > 1 else ''} {said} that the nodes named "
                       f"like it carry, so {nodes[0]['name']} cannot be placed on it",
                       [f"{ref(nodes[0])} is Pending: {unmatched.group(0)}",
                        f"nodes with {said}: {', '.join(peers)}; {c['name']} (created {c['detail'].get('created')}, "
                        f"Ready) has {', '.join(f'{k}={v}' for k, v in (c['detail'].get('labels') or {}).items() if k in lacks) or 'none of them'}"],
                       f"kubectl label node {c['name']} {' '.join(f'{k}={v}' for k, v in lacks.items())}   # and in "
                       "the node pool's template, so a rebuilt node joins with it")
    if "unschedulable" in s.signals and labels_of(edges)[-1:] == ["PINNED_TO"] and nodes[0]["kind"] == "Pod":
        pv = nodes[-2]
        bad = [t for t in c["detail"].get("taints") or [] if t.get("effect") in ("NoSchedule", "NoExecute")
               and not str(t.get("key")).startswith(_AUTO_TAINT) and f"taint {{{t.get('key')}:" in s.text
               and not tolerated(t, nodes[0]["detail"].get("tolerations") or [])]
        others = sg.query("MATCH (v:PersistentVolume {uid: $uid})-[:PINNED_TO]->(n:Node) WHERE n.uid <> $node "
                          "RETURN count(n)", {"uid": pv["uid"], "node": c["uid"]})[1][0][0]
        if bad and not others and not _deliberate(bad[0], sg):
            t = bad[0]
            said = f"{t.get('key')}={t.get('value', '')}:{t.get('effect')}"
            return Verdict(f"Node {c['name']} has taint {said}, which no running pod tolerates, and volume {pv['name']} "
                           f"can only be used there",
                           [f"{ref(nodes[0])} is Pending: {re.search(r'untolerated taint [{][^}]*[}]', s.text).group(0)}",
                            f"PersistentVolume {pv['name']} is pinned to {c['name']} (nodeAffinity "
                            f"{pv['detail'].get('nodeTerms')})", f"Node {c['name']}: taint {said}"
                            + (f" added {t['timeAdded']}" if t.get("timeAdded") else "")],
                           f"kubectl taint nodes {c['name']} {t.get('key')}-   # when its maintenance is over")
    if "unschedulable" in s.signals and edges and edges[-1].get("_LABEL", edges[-1].get("_label")) == "SELECTS_NODE":
        pod = nodes[0]
        bad = [t for t in c["detail"].get("taints") or [] if t.get("effect") in ("NoSchedule", "NoExecute")
               and not tolerated(t, pod["detail"].get("tolerations") or [])]
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
               and tolerated(taint, json.loads(pd).get("tolerations") or []) for pd, nd in rows)


# --- services and network ---------------------------------------------------------------


def _dns_serving(sg: StateGraph) -> bool:
    """The cluster's DNS answers: a ready pod behind kube-dns (then a name that fails is the name's own fault)."""
    _, rows = sg.query("MATCH (s:Service)-[:SELECTS]->(p:Pod) WHERE s.detail CONTAINS '\"cluster_dns\": true' AND "
                       "p.conditions CONTAINS 'Ready=True' RETURN count(p)")
    return bool(rows and rows[0][0])


def _external_name(c: dict, s: Symptom, nodes: list[dict], sg: StateGraph) -> Verdict | None:
    """An ExternalName Service its client cannot resolve: the DNS name it points to is gone or wrong."""
    target = c["detail"].get("externalName")
    if not target or len(nodes) < 2 or nodes[0]["kind"] != "Pod" or not DNS_FAILURE.search(s.text):
        return None
    said = s.text.lower()
    own = f"{c['name']}.{c['namespace']}.svc"  # its own name fails when the name it points to does not resolve
    if target.lower().rstrip(".") not in said and not (own in said and _dns_serving(sg)):
        return None  # the name the client cannot resolve is another one (a client may use several databases)
    return Verdict(f"ExternalName Service {c['name']} points to {target}, a name its clients cannot resolve",
                   [f"{ref(nodes[0])} connects to {ref(c)} (type ExternalName, externalName {target})",
                    f"the client cannot resolve that name: {DNS_FAILURE.search(s.text).group(0)} {target}"],
                   f"kubectl patch service {c['name']}{_ns(c)} -p '{{\"spec\":{{\"externalName\":\"<the database's "
                   f"current DNS name>\"}}}}'")


def _member_names_lost(c: dict, s: Symptom) -> Verdict | None:
    """Members' own DNS names (<pod>.<service>.<namespace>.svc) exist only for a headless Service: a governing
    Service recreated with a cluster IP leaves peers that cannot find each other."""
    if c["detail"].get("headless") or c["detail"].get("type") == "ExternalName":
        return None
    member = re.search(rf"\b([a-z0-9-]+)\.{re.escape(c['name'])}\.{re.escape(c['namespace'])}\.svc\b", s.text)
    if member is None or not DNS_FAILURE.search(s.text):
        return None
    return Verdict(f"Service {c['name']} is not headless, so its members' own names ({member.group(0)}) do not resolve",
                   [f"{ref(s.node)} cannot resolve {member.group(0)}",
                    f"Service {c['name']} has a cluster IP; per-pod DNS records exist only with clusterIP: None"],
                   f"kubectl get service {c['name']}{_ns(c)} -o yaml > svc.yaml   # set spec.clusterIP: None (and drop "
                   f"clusterIPs), then: kubectl delete service {c['name']}{_ns(c)} && kubectl apply -f svc.yaml")


def _unpublished_peers(c: dict, pods: list[dict], nodes: list[dict], edges: list[dict]) -> Verdict | None:
    """Members of an ensemble (ZooKeeper, etcd, Cassandra) that find each other by the per-pod names of their own
    headless Service, which publishes only ready pods: none is ready until a quorum forms, so none is found."""
    me = nodes[0]
    if labels_of(edges) != ["CONNECTS_TO"] or me["kind"] != "Pod" or not c["detail"].get("headless") or \
            c["detail"].get("publishNotReady") or me["uid"] not in {p["uid"] for p in pods} or len(pods) < 2:
        return None
    if any("Ready=True" in (p.get("conditions") or "") for p in pods):
        return None
    return Verdict(f"headless Service {c['name']} publishes only ready pods, and its {len(pods)} members find each "
                   "other through it: none is ready until they form a quorum, so none can find the others",
                   [f"{ref(me)} names {c['name']} for its peers and is not ready ({', '.join(me.get('reasons', '').split(',')[:3])})",
                    f"all {len(pods)} pods behind {c['name']} are not ready",
                    f"Service {c['name']}: clusterIP None, publishNotReadyAddresses false"],
                   f"kubectl patch service {c['name']}{_ns(c)} -p '{{\"spec\": {{\"publishNotReadyAddresses\": true}}}}'")


_PER_POD = re.compile(r"pod-name|pod-index|pod-template-hash|controller-revision-hash|pod-template-generation")
_WRITER = re.compile(r"primary|master|leader|writer|\brw\b|-rw\b|write")


def _writes_to_replicas(c: dict, s: Symptom, sg: StateGraph) -> Verdict | None:
    """A Service its clients write through that selects the replicas as well as the primary: the pods behind it
    differ in a role label that another Service of the namespace selects on, and the writes refused are the share
    that lands on a replica."""
    sel = c["detail"].get("selector") or {}
    _, rows = sg.query("MATCH (:Service {uid: $uid})-[:SELECTS]->(p:Pod) RETURN p.name, p.labels", {"uid": c["uid"]})
    pods = {name: json.loads(labels or "{}") for name, labels in rows}
    _, rows = sg.query("MATCH (s:Service {namespace: $ns}) WHERE s.uid <> $uid AND NOT s.missing RETURN s.name, s.detail",
                       {"ns": c["namespace"], "uid": c["uid"]})
    others = {name: json.loads(d).get("selector") or {} for name, d in rows}
    for key in sorted({k for lab in pods.values() for k in lab if k not in sel and not _PER_POD.search(k)}):
        groups: dict[str, list[str]] = {}
        for name, lab in sorted(pods.items()):
            groups.setdefault(lab.get(key, ""), []).append(name)
        routed = {name: o[key] for name, o in others.items() if key in o and o[key] in groups}
        if len(groups) < 2 or not routed:
            continue
        writer = next((v for name, v in sorted(routed.items()) if _WRITER.search(name)),
                      min(groups, key=lambda v: len(groups[v])))
        said = re.search(READ_ONLY, s.text)
        return Verdict(f"Service {c['name']}, which {s.node['name']} writes through, selects the replicas as well as "
                       f"the primary: its selector {sel} lacks {key}",
                       [f"{ref(s.node)}: {s.text[max(0, said.start() - 80):said.end() + 40].strip()[:240]}",
                        "the pods behind it: " + "; ".join(f"{key}={v or '(none)'}: {', '.join(n)}" for v, n in groups.items()),
                        "other Services select on it: " + ", ".join(f"{n} ({key}={v})" for n, v in sorted(routed.items()))],
                       f"kubectl patch service {c['name']}{_ns(c)} -p '{{\"spec\": {{\"selector\": {{\"{key}\": "
                       f"\"{writer}\"}}}}}}'")
    return None


def _node_local(c: dict, s: Symptom, nodes: list[dict], edges: list[dict], sg: StateGraph) -> Verdict | None:
    """A Service with internalTrafficPolicy Local: a client on a node where none of its ready pods runs has its
    connections dropped (no fallback to other nodes), while clients beside a backend work."""
    client = nodes[0]
    if c["detail"].get("internalTrafficPolicy") != "Local" or labels_of(edges) != ["CONNECTS_TO"] or \
            client["kind"] != "Pod" or not client["detail"].get("node") or DNS_FAILURE.search(s.text):
        return None
    _, rows = sg.query("MATCH (:Service {uid: $uid})-[:SELECTS]->(p:Pod)-[:SCHEDULED_ON]->(n:Node) WHERE p.conditions "
                       "CONTAINS 'Ready=True' RETURN DISTINCT n.name", {"uid": c["uid"]})
    served = sorted(r[0] for r in rows)
    if not served or client["detail"]["node"] in served:
        return None
    return Verdict(f"Service {c['name']} has internalTrafficPolicy: Local, and no ready pod of it runs on "
                   f"{client['detail']['node']}, where {client['name']} runs: its connections are dropped",
                   [f"{ref(client)} on {client['detail']['node']}: {s.text[:200]}",
                    f"the ready pods behind {c['name']} run only on {', '.join(served)}",
                    f"Service {c['name']}: spec.internalTrafficPolicy Local (traffic stays on the client's node)"],
                   f"kubectl patch service {c['name']}{_ns(c)} -p '{{\"spec\": {{\"internalTrafficPolicy\": "
                   "\"Cluster\"}}}}'")


@rule("Service")
def check_service(c: dict, s: Symptom, nodes: list[dict], edges: list[dict], sg: StateGraph) -> Verdict | None:
    if "servicelink" in s.signals and not c.get("missing"):
        found = _service_link(c, s)
        if found:
            return found
    if "unreachable" in s.signals and not c.get("missing"):
        found = _external_name(c, s, nodes, sg) or _member_names_lost(c, s) or _node_local(c, s, nodes, edges, sg)
        if found:
            return found
    if "readonly" in s.signals and labels_of(edges) == ["CONNECTS_TO"]:
        return _writes_to_replicas(c, s, sg)
    if "nolb" in s.signals and s.node["uid"] == c["uid"]:
        return _no_load_balancer(c, s, sg)
    if not ({"notready", "noendpoints"} & set(s.signals)) or c.get("missing"):
        return None
    sel = c["detail"].get("selector")
    if not sel:
        return None
    _, rows = sg.query("MATCH (s:Service {uid: $uid})-[:SELECTS]->(p:Pod) RETURN p LIMIT 200", {"uid": c["uid"]})
    pods = [node_dict(r[0]) for r in rows]
    peers = _unpublished_peers(c, pods, nodes, edges)
    if peers:
        return peers
    behind = [(node_dict(w), how) for w, how in sg.query(
        "MATCH (s:Service {uid: $uid})-[r:SELECTS_TEMPLATE]->(w) RETURN w, r.detail", {"uid": c["uid"]})[1]]
    if not pods and any(how != "runtime" or _down(w) or (w["detail"].get("ready") or 0) < (w["detail"].get("replicas") or 0)
                        for w, how in behind):
        return None  # the selector matches a workload's pods, which are not there (or not yet labelled by their role)
    if not pods and c["detail"].get("custom_owner"):
        return None  # an operator writes this Service and the pods behind it: the pods are missing, not the selector
    if not pods:
        return Verdict(f"Service {c['name']}'s selector {sel} matches no pods",
                       [f"selector {sel}", "no pod in the namespace carries these labels; its endpoints are empty"],
                       f"kubectl get pods{_ns(c)} --show-labels   # then fix spec.selector of Service {c['name']}:\n"
                       f"kubectl edit service {c['name']}{_ns(c)}")
    if labels_of(edges) == ["SELECTS"]:
        return None  # the symptom is one of its backends: a port mapping fails its clients, not the pod itself
    ports = {p for pod in pods for ctr in pod["detail"].get("containers") or [] for p in ctr.get("ports") or []}
    names = {p for pod in pods for ctr in pod["detail"].get("containers") or [] for p in ctr.get("port_names") or []}
    svc_ports = c["detail"].get("ports") or []
    used = {int(x) for x in re.findall(r"(?::|\bport )(\d{2,5})\b", s.text)} & {p.get("port") for p in svc_ports}
    for port in svc_ports:
        if used and port.get("port") not in used:
            continue  # the failure names the port its client dials: another port's mapping (metrics) is not why
        t = port.get("targetPort")
        if (isinstance(t, int) and ports and t not in ports) or (isinstance(t, str) and not t.isdigit() and t not in names):
            return Verdict(f"Service {c['name']} sends traffic to port {t}, where its pods do not listen",
                           [f"targetPort {t}", f"the selected pods listen on {sorted(ports)}"],
                           f"kubectl patch service {c['name']}{_ns(c)} --type json -p "
                           f"'[{{\"op\":\"replace\",\"path\":\"/spec/ports/0/targetPort\",\"value\":{sorted(ports)[0]}}}]'")
    return None


@rule("EndpointSlice")
def check_slice(c: dict, s: Symptom, nodes: list[dict], edges: list[dict], sg: StateGraph) -> Verdict | None:
    """A hand-written EndpointSlice for a selector-less Service that lacks the kubernetes.io/service-name label:
    nothing ties it to the Service, which has no backends, so its clients' connections are refused."""
    if not ({"unreachable", "noendpoints"} & set(s.signals)) or _edge_detail(edges) != UNLABELLED_SLICE or \
            labels_of(edges) not in (["CONNECTS_TO", "ENDPOINTS_OF"], ["ENDPOINTS_OF"]):
        return None
    svc = nodes[-2]
    _, rows = sg.query("MATCH (e)-[r:ENDPOINTS_OF]->(:Service {uid: $uid}) WHERE e.phase = 'Ready' AND (r.detail IS NULL OR r.detail <> $d) "
                       "RETURN count(e)", {"uid": svc["uid"], "d": UNLABELLED_SLICE})
    if rows[0][0]:
        return None  # the Service has backends of its own: this slice is not what it lacks
    addr = ", ".join(c["detail"].get("addresses") or []) or "(none)"
    return Verdict(f"EndpointSlice {c['name']}, written for the selector-less Service {svc['name']}, lacks the label "
                   f"kubernetes.io/service-name: {svc['name']}, so the Service has no backends",
                   ([f"{ref(s.node)} connects to {ref(svc)}: {s.text[:160]}"] if s.node is not svc else []) +
                   [f"{ref(svc)} has no selector and no Endpoints or EndpointSlice of its own with a ready address",
                    f"EndpointSlice {c['name']} lists {addr} (ports {c['detail'].get('ports')}), labels "
                    f"{c.get('labels') or '{}'}"],
                   f"kubectl label endpointslice {c['name']}{_ns(c)} kubernetes.io/service-name={svc['name']}")


@rule("Endpoints")
def check_endpoints(c: dict, s: Symptom, nodes: list[dict], edges: list[dict], sg: StateGraph) -> Verdict | None:
    """Hand-written Endpoints of a selector-less Service (a database outside the cluster) that its clients cannot
    reach: the addresses are whatever someone typed, and nothing in the cluster keeps them current."""
    if "unreachable" not in s.signals or len(nodes) < 3 or nodes[0]["kind"] != "Pod" or nodes[-2]["kind"] != "Service":
        return None
    svc, d = nodes[-2], c["detail"]
    if svc.get("missing") or svc["detail"].get("selector") or svc["detail"].get("externalName"):
        return None  # a Service with a selector has its Endpoints written by the cluster from its pods
    if not d.get("addresses") or d.get("targets") or DNS_FAILURE.search(s.text):
        return None
    return Verdict(f"Endpoints {c['name']} of the selector-less Service {svc['name']} list {', '.join(d['addresses'])}, "
                   "which its clients cannot reach",
                   [f"{ref(nodes[0])} connects to {ref(svc)}, which has no selector: its Endpoints are written by hand",
                    f"addresses in Endpoints {c['name']}: {', '.join(d['addresses'])} (no pod behind them)",
                    f"the client cannot connect: {s.text[:200]}"],
                   f"kubectl edit endpoints {c['name']}{_ns(c)}   # set subsets[].addresses[].ip to the server's current "
                   "address (or an EndpointSlice / ExternalName Service that follows it)")


def _types(policy: dict) -> list[str]:
    """The directions a policy restricts: policyTypes, or by default Ingress (and Egress when it has egress rules)."""
    d = policy["detail"]
    return d.get("policyTypes") or (["Ingress"] + (["Egress"] if d.get("egress") else []))


def _ns_labels(sg: StateGraph, ns: str) -> dict:
    """A namespace's labels, with the kubernetes.io/metadata.name the API server sets on every namespace (a
    snapshot written by hand may leave it out)."""
    _, rows = sg.query("MATCH (n:Namespace {name: $ns}) RETURN n.labels", {"ns": ns})
    return {**(json.loads(rows[0][0] or "{}") if rows else {}), "kubernetes.io/metadata.name": ns}


def _port_ok(rule: dict, port: int | str | None, pod: dict) -> bool:
    """A rule's ports admit the pod's port (a number, or a name the pod's containers give a number)."""
    ports = rule.get("ports")
    if not ports or port is None:
        return True
    names = {n: num for c in pod["detail"].get("containers") or [] for n, num in (c.get("port_map") or {}).items()}
    number = names.get(port, port) if isinstance(port, str) else port
    for p in ports:
        want = p.get("port")
        if want is None or want == port or want == number or (isinstance(want, str) and names.get(want) == number):
            return True
        if isinstance(want, int) and isinstance(number, int) and p.get("endPort") and want <= number <= p["endPort"]:
            return True
    return False


def _allows(policy: dict, direction: str, peer_pod: dict, peer_ns_labels: dict, port, dst_pod: dict) -> bool:
    """Whether ``policy`` lets traffic through in ``direction`` (Ingress: from peer_pod; Egress: to peer_pod)."""
    if direction not in _types(policy):
        return True
    for r in policy["detail"].get(direction.lower()) or []:
        if not _port_ok(r, port, dst_pod):
            continue
        peers = r.get("from" if direction == "Ingress" else "to")
        if not peers or any(_names_pod(policy, peer, peer_pod, peer_ns_labels) for peer in peers):
            return True
    return False


def _names_pod(policy: dict, peer: dict, pod: dict, ns_labels: dict) -> bool:
    """A policy rule's peer (namespaceSelector / podSelector; not an ipBlock) that selects this pod."""
    nsel, psel = peer.get("namespaceSelector"), peer.get("podSelector")
    ns_ok = selects(nsel, ns_labels) if nsel is not None else pod["namespace"] == policy["namespace"]
    return "ipBlock" not in peer and ns_ok and (selects(psel, pod["labels"]) if psel is not None else True)


def _policies_on(sg: StateGraph, pod: dict, direction: str) -> list[dict]:
    _, rows = sg.query("MATCH (n:NetworkPolicy)-[:APPLIES_TO]->(p:Pod {uid: $uid}) RETURN n", {"uid": pod["uid"]})
    return [p for p in (node_dict(r[0]) for r in rows) if direction in _types(p)]


def _stale_peer(policy: dict, direction: str, spaces: list[dict]) -> bool:
    """An allow-list peer whose namespaceSelector matches none of the cluster's namespaces (``spaces``: their
    labels; a namespace renamed or moved away): the rule was meant for clients that now live elsewhere."""
    peers = [peer for r in policy["detail"].get(direction.lower()) or []
             for peer in r.get("from" if direction == "Ingress" else "to") or []]
    return any(peer.get("namespaceSelector") and not any(selects(peer["namespaceSelector"], lab) for lab in spaces)
               for peer in peers)


def _to_fix(policies: list[dict], direction: str, svc: dict, target, sg: StateGraph | None = None,
            peer: dict | None = None) -> dict:
    """Of the policies that together drop the traffic, the one to change: an allow-list, not a default deny
    beside it; first one whose peers name a namespace that no longer exists, then one that admits the Service's
    port but not the pod's (the port NetworkPolicies see is the pod's, after the Service), then one whose peers
    are the pod at the other end (``peer``) on another port, then one meant for other namespaces' clients, then
    any allow-list."""
    allow = [p for p in policies if p["detail"].get(direction.lower())]
    if not allow:
        return policies[0]
    spaces = [{**json.loads(lab or "{}"), "kubernetes.io/metadata.name": name} for name, lab in
              sg.query("MATCH (n:Namespace) WHERE NOT n.missing RETURN n.name, n.labels")[1]] if sg is not None else []
    stale = {p["uid"] for p in allow if sg is not None and _stale_peer(p, direction, spaces)}
    entries = svc["detail"].get("ports") or []
    # the Service port that leads to this pod port (another port of the Service, e.g. metrics, is other traffic)
    svc_ports = {p.get("port") for p in entries if p.get("targetPort") in (target, None) or len(entries) == 1} - {target}

    def rank(p: dict) -> int:
        rules = p["detail"].get(direction.lower()) or []
        ports = {x.get("port") for r in rules for x in r.get("ports") or []}
        if ports & svc_ports:
            return 0
        if target in ports:
            return 1
        peers = [x for r in rules for x in r.get("from" if direction == "Ingress" else "to") or []]
        if peer is not None and sg is not None and any(
                _names_pod(p, x, peer, _ns_labels(sg, peer["namespace"])) for x in peers):
            return 2  # meant for exactly this pod, on a port it does not listen on
        if any("namespaceSelector" in x for x in peers):
            return 3
        return 4
    return min(allow, key=lambda p: (p["uid"] not in stale, rank(p)))


def _blocked(sg: StateGraph, client: dict, svc: dict, dst: dict) -> tuple[str, list[dict], object] | None:
    """(direction, the policies that drop it, the port) when client -> svc -> dst is dropped by NetworkPolicies."""
    for port in svc["detail"].get("ports") or [{}]:
        target = port.get("targetPort", port.get("port"))
        ingress = _policies_on(sg, dst, "Ingress")
        if ingress and not any(_allows(p, "Ingress", client, _ns_labels(sg, client["namespace"]), target, dst) for p in ingress):
            return "Ingress", ingress, target
        egress = _policies_on(sg, client, "Egress")
        if egress and not any(_allows(p, "Egress", dst, _ns_labels(sg, dst["namespace"]), target, dst) for p in egress):
            return "Egress", egress, target
    return None


def _servers(sg: StateGraph, client: dict) -> list[tuple[dict, dict]]:
    """(Service, running pod behind it) for every server a pod connects to (never its own Service)."""
    _, rows = sg.query("MATCH (p:Pod {uid: $uid})-[:CONNECTS_TO]->(s:Service)-[:SELECTS]->(q:Pod) "
                       "WHERE q.phase = 'Running' AND NOT EXISTS { MATCH (s)-[:SELECTS]->(p) } "
                       "RETURN s, q LIMIT 100", {"uid": client["uid"]})
    return [(node_dict(a), node_dict(b)) for a, b in rows]


# a pod that keeps its cluster state in the Kubernetes API (Patroni's Kubernetes DCS: leader lock, member keys)
_API_USER = re.compile(r"^(?:DCS_ENABLE_KUBERNETES_API|PATRONI_KUBERNETES_\w+|KUBERNETES_USE_CONFIGMAPS)$")


def _ip_admitted(policy: dict, ip: str, port: int) -> bool:
    """An egress allow-list admits traffic to this address and port (ipBlock peers, or rules with no peers)."""
    for r in policy["detail"].get("egress") or []:
        if r.get("ports") and not any(x.get("port") in (port, None) for x in r["ports"]):
            continue
        if not r.get("to"):
            return True
        for peer in r["to"]:
            block = peer.get("ipBlock") or {}
            try:
                inside = ipaddress.ip_address(ip) in ipaddress.ip_network(block.get("cidr", ""), strict=False)
                inside = inside and not any(ipaddress.ip_address(ip) in ipaddress.ip_network(x, strict=False)
                                            for x in block.get("except") or [])
            except ValueError:
                inside = False
            if inside:
                return True
    return False


def _api_cut_off(sg: StateGraph, pod: dict, c: dict) -> Verdict | None:
    """Egress policies on a pod that keeps its state in the Kubernetes API (Patroni) that admit no traffic to the
    API server's endpoints: the leader cannot renew its lock, demotes itself, and no member becomes ready."""
    if not any(_API_USER.match(n) for n in pod["detail"].get("env_names") or []) or "Egress" not in _types(c):
        return None
    _, rows = sg.query("MATCH (e:Endpoints {namespace: 'default', name: 'kubernetes'}) RETURN e.detail")
    api = json.loads(rows[0][0]) if rows else {}
    targets = [(ip, port) for ip in api.get("addresses") or [] for port in api.get("ports") or []]
    policies = _policies_on(sg, pod, "Egress")
    if not targets or any(_ip_admitted(p, ip, port) for p in policies for ip, port in targets):
        return None
    allow = [p for p in policies if p["detail"].get("egress")] or policies
    if min(allow, key=lambda p: not any(peer.get("ipBlock") for r in p["detail"].get("egress") or []
                                         for peer in r.get("to") or []))["uid"] != c["uid"]:
        return None  # of the policies that together cut it off, the allow-list with address blocks is to change
    where = ", ".join(f"{ip}:{port}" for ip, port in targets[:4])
    return Verdict(f"NetworkPolicy {c['name']} (egress) admits no traffic from {pod['name']} to the Kubernetes API "
                   f"({where}), where it keeps its leader lock",
                   [f"{ref(pod)} keeps its cluster state in the Kubernetes API (env "
                    f"{', '.join(n for n in pod['detail'].get('env_names') or [] if _API_USER.match(n))}) and is "
                    f"{pod.get('phase')}, not ready", f"the API server's endpoints (default/kubernetes): {where}",
                    f"egress policies on it: {', '.join(p['name'] for p in policies)}; none admits those addresses; "
                    f"{c['name']} created {c['detail'].get('created')}"],
                   f"kubectl edit networkpolicy {c['name']}{_ns(c)}   # admit the API server, e.g.\negress:\n- to:\n"
                   + "".join(f"  - ipBlock:\n      cidr: {ip}/32\n" for ip, _ in targets[:4])
                   + f"  ports:\n  - port: {targets[0][1]}")


def _peers(sg: StateGraph, member: dict) -> list[tuple[dict, dict]]:
    """(Service, running pod) for the fellow members of a cluster a pod joins through its own Service."""
    _, rows = sg.query("MATCH (p:Pod {uid: $uid})-[:CONNECTS_TO]->(s:Service)-[:SELECTS]->(q:Pod) "
                       "WHERE q.phase = 'Running' AND q.uid <> p.uid AND EXISTS { MATCH (s)-[:SELECTS]->(p) } "
                       "RETURN s, q LIMIT 100", {"uid": member["uid"]})
    return [(node_dict(a), node_dict(b)) for a, b in rows]


def _lacks_labels(sg: StateGraph, client: dict, policy: dict) -> dict:
    """The namespace labels an ingress allow-list admits clients by that other namespaces carry and the client's
    namespace, made after the policy (deleted and created again), does not: the namespace lost them, the policy is
    right. Empty otherwise."""
    _, rows = sg.query("MATCH (n:Namespace) WHERE NOT n.missing RETURN n.name, n.labels, n.detail")
    spaces = {name: ({**json.loads(lab or "{}"), "kubernetes.io/metadata.name": name}, json.loads(d or "{}").get("created"))
              for name, lab, d in rows}
    own, made = spaces.get(client["namespace"], ({}, None))
    if not made or not policy["detail"].get("created") or made <= policy["detail"]["created"]:
        return {}
    for r in policy["detail"].get("ingress") or []:
        for peer in r.get("from") or []:
            want = (peer.get("namespaceSelector") or {}).get("matchLabels") or {}
            if want and "kubernetes.io/metadata.name" not in want and not selects(want, own) and \
                    selects(peer.get("podSelector") or {}, client["labels"]) and \
                    any(selects(want, lab) for name, (lab, _) in spaces.items() if name != client["namespace"]):
                return want
    return {}


@rule("NetworkPolicy")
def check_policy(c: dict, s: Symptom, nodes: list[dict], edges: list[dict], sg: StateGraph) -> Verdict | None:
    if not ({"notready", "unreachable"} & set(s.signals)) or nodes[0]["kind"] != "Pod":
        return None
    client = nodes[0]
    labels = labels_of(edges)
    if labels == ["CONNECTS_TO", "SELECTS", "APPLIES_TO"]:  # a policy on the server the client reaches
        if sg.query("MATCH (s:Service {uid: $s})-[:SELECTS]->(p:Pod {uid: $p}) RETURN count(p)",
                    {"s": nodes[1]["uid"], "p": client["uid"]})[1][0][0]:
            return None  # the client's own Service (a peer, not a server it reaches)
        pairs = [(nodes[1], nodes[2])]
    elif labels == ["APPLIES_TO"]:  # a policy on the client itself: its egress to everything it reaches, and the
        pairs = _servers(sg, client) + _peers(sg, client)  # ingress of its fellow members (it selects them too)
    else:
        return None
    if labels == ["APPLIES_TO"]:
        cut = _api_cut_off(sg, client, c)
        if cut:
            return cut
    for svc, dst in pairs:
        found = _blocked(sg, client, svc, dst)
        if not found:
            continue
        direction, policies, target = found
        fix = _to_fix(policies, direction, svc, target, sg, client if direction == "Ingress" else dst)
        if fix["uid"] != c["uid"] or direction == "Ingress" and _lacks_labels(sg, client, fix):
            continue
        rules = c["detail"].get(direction.lower())
        way = f"from {client['namespace']}/{client['name']} to {dst['name']}" if direction == "Ingress" else \
            f"out of {client['name']} to {dst['namespace']}/{dst['name']}"
        return Verdict(f"NetworkPolicy {c['name']} ({direction.lower()}) admits no traffic {way} on port {target}",
                       [f"{ref(client)} connects to {ref(svc)}, which selects {ref(dst)} (pod port {target})",
                        f"{direction.lower()} policies on {(dst if direction == 'Ingress' else client)['name']}: "
                        f"{', '.join(p['name'] for p in policies)}; none admits this traffic",
                        f"{direction.lower()} rules of {c['name']}: {rules}"],
                       f"kubectl edit networkpolicy {c['name']}{_ns(c)}   # admit the traffic, e.g.\n"
                       + (f"ingress:\n- from:\n  - podSelector: {json.dumps(c['detail'].get('podSelector') or {})}"
                          f"   # its own members\n  ports:\n  - port: {target}"
                          if direction == "Ingress" and client["namespace"] == c["namespace"] else
                          f"ingress:\n- from:\n  - namespaceSelector:\n      matchLabels:\n        "
                          f"kubernetes.io/metadata.name: {client['namespace']}\n  ports:\n  - port: {target}"
                          if direction == "Ingress" else
                          f"egress:\n- to:\n  - namespaceSelector:\n      matchLabels:\n        "
                          f"kubernetes.io/metadata.name: {dst['namespace']}\n  ports:\n  - port: {target}"))
    return None


# admission refused a pod that does not declare what a quota tracks (limits.cpu, requests.memory ...)
_MUST_SPECIFY = r"failed quota: ({name}): must specify ([^\n\"]+)"


def _limits_required(s: Symptom, sg: StateGraph) -> tuple[dict, str, bool | None] | None:
    """A controller that cannot create pods because a quota requires values its pod template does not set: (the
    quota, what it requires, whether the quota is newer than the template's last good pods — None when unknown).
    Whichever changed last is the cause: a quota added since the last good run, or a template that lost its limits
    under a quota that was already there. The last good run: a schedule's last success, a ReplicaSet's creation."""
    said = re.search(_MUST_SPECIFY.format(name=r"[\w.-]+"), s.text)
    if "create" not in s.signals or said is None:
        return None
    _, rows = sg.query("MATCH (q:ResourceQuota) WHERE q.namespace = $ns AND q.name = $name RETURN q",
                       {"ns": s.node["namespace"], "name": said.group(1)})
    if not rows:
        return None
    quota = node_dict(rows[0][0])
    good = None
    if s.node["kind"] == "Job":
        _, owner = sg.query("MATCH (c:CronJob)-[:OWNS]->(j:Job {uid: $uid}) RETURN c.detail", {"uid": s.node["uid"]})
        good = ts(json.loads(owner[0][0]).get("lastSuccessfulTime")) if owner else None
    elif s.node["kind"] == "ReplicaSet":
        good = ts(s.node["detail"].get("created"))
    made = ts(quota["detail"].get("created"))
    newer = None if good is None or made is None else made > good
    return quota, said.group(2).strip().rstrip(".;"), newer


@rule("ResourceQuota")
def check_quota(c: dict, s: Symptom, nodes: list[dict], edges: list[dict], sg: StateGraph) -> Verdict | None:
    if "create" not in s.signals:
        return None
    required = _limits_required(s, sg)
    if required and required[0]["uid"] == c["uid"]:
        _, what, newer = required
        if newer is False:
            return None  # the quota was there while the same controller made good pods: its template changed
        return Verdict(f"ResourceQuota {c['name']} (created {c['detail'].get('created') or 'at an unknown time'}) "
                       f"requires every pod to declare {what}, which {ref(nodes[0])}'s pod template does not",
                       [f"{ref(nodes[0])} cannot create pods: failed quota: {c['name']}: must specify {what}",
                        f"ResourceQuota {c['name']} hard: {c['detail'].get('hard')}",
                        "the quota is newer than the last pods this controller made" if newer else
                        "when the pod template last worked is not known"],
                       f"kubectl edit resourcequota {c['name']}{_ns(c)}   # drop the limits.* / requests.* entries the "
                       "workloads do not set, or add a LimitRange with defaults (kubectl create -f limitrange.yaml), "
                       "or set resources in the pod template", strong=bool(newer))
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


@rule("Namespace")
def check_namespace(c: dict, s: Symptom, nodes: list[dict], edges: list[dict], sg: StateGraph) -> Verdict | None:
    """A namespace whose Pod Security level refuses the pods its workloads create (the label was raised after the
    running pods were admitted: only a pod created again is refused)."""
    if "blocked" in s.signals and labels_of(edges) == ["IN_NAMESPACE"]:
        return _injected_sidecar(c, s, sg)
    if "unschedulable" in s.signals and labels_of(edges) == ["IN_NAMESPACE"]:
        return _injected_selector(c, s, nodes, sg)
    if "unreachable" in s.signals and labels_of(edges) == ["IN_NAMESPACE"] and nodes[0]["kind"] == "Pod":
        return _lost_labels(c, s, nodes[0], sg)
    m = re.search(r'violates PodSecurity "(\w+):[^"]*"(?:: ([^\n]{0,240}))?', s.text)
    if "create" not in s.signals or not m:
        return None
    labels = c.get("labels") or {}
    level = labels.get("pod-security.kubernetes.io/enforce")
    if not level:
        return None  # the level comes from the cluster's admission defaults, not from this namespace
    return Verdict(f"Namespace {c['name']} enforces Pod Security level {level}, which refuses the pods "
                   f"{ref(nodes[0])} creates",
                   [f"{ref(nodes[0])} cannot create pods: violates PodSecurity \"{m.group(1)}\"" +
                    (f": {m.group(2)}" if m.group(2) else ""),
                    f"Namespace {c['name']} label pod-security.kubernetes.io/enforce={level}"],
                   f"kubectl label namespace {c['name']} pod-security.kubernetes.io/enforce=baseline --overwrite   "
                   f"# or make the pod template of {nodes[0]['name']} meet {level} (no privileged init container, "
                   "runAsNonRoot)")


def _lost_labels(c: dict, s: Symptom, client: dict, sg: StateGraph) -> Verdict | None:
    """A client namespace created again without the labels a server's NetworkPolicy admits its clients by."""
    for svc, dst in _servers(sg, client):
        found = _blocked(sg, client, svc, dst)
        if not found or found[0] != "Ingress":
            continue
        policy = _to_fix(found[1], "Ingress", svc, found[2], sg, client)
        lacks = _lacks_labels(sg, client, policy)
        if not lacks:
            continue
        said = " ".join(f"{k}={v}" for k, v in lacks.items())
        return Verdict(f"Namespace {c['name']} was created again without the label {said} that NetworkPolicy "
                       f"{policy['namespace']}/{policy['name']} admits {dst['name']}'s clients by",
                       [f"{ref(client)} connects to {ref(svc)} and cannot: {s.text[:160]}",
                        f"NetworkPolicy {policy['name']} (created {policy['detail'].get('created')}) admits namespaces "
                        f"labelled {said}; Namespace {c['name']} was created {c['detail'].get('created')} and has "
                        f"{c.get('labels') or 'no labels'}",
                        "other namespaces carry the label and their clients are admitted"],
                       f"kubectl label namespace {c['name']} {said}   # and in the manifest that creates it")
    return None


def _injected_sidecar(c: dict, s: Symptom, sg: StateGraph) -> Verdict | None:
    """A schedule held up by a run whose work is done but whose pod never ends: the mesh proxy the namespace
    injects into every pod keeps running after the job's container exits."""
    _, rows = sg.query("MATCH (:CronJob {uid: $uid})-[:OWNS]->(j:Job) RETURN j", {"uid": s.node["uid"]})
    active = [j for j in (node_dict(r[0]) for r in rows) if j["detail"].get("running") and not j["detail"].get("completed")]
    found = next(((j, o) for j in active for o in [_outlived(j, sg)] if o), None)
    if not found or not c["detail"].get("injects"):
        return None
    job, (pod, running) = found
    key = c["detail"]["injects"].split("=")[0]
    verb = "label" if key in ("istio-injection", "istio.io/rev") else "annotate"  # how each mesh reads it (extract)
    return Verdict(f"Namespace {c['name']} injects a mesh proxy into every pod ({c['detail']['injects']}): in Job "
                   f"{job['name']} the proxy ({', '.join(running)}) outlives the finished work, so the Job never "
                   f"completes and CronJob {s.node['name']} skips its runs",
                   [f"{ref(s.node)}: JobAlreadyActive", f"Pod {c['name']}/{pod}: the job's container exited 0; "
                    f"{', '.join(running)} still runs", f"Namespace {c['name']}: {c['detail']['injects']}"],
                   f"kubectl {verb} namespace {c['name']} {key}-   # or opt the job out in the CronJob's pod "
                   f"template (annotation {key}: disabled / sidecar.istio.io/inject: \"false\"); then delete Job "
                   f"{job['name']}")


@rule("Ingress")
def check_ingress(c: dict, s: Symptom, nodes: list[dict], edges: list[dict], sg: StateGraph) -> Verdict | None:
    if "nobackend" not in s.signals:
        return None
    _, rows = sg.query("MATCH (i:Ingress {uid: $uid})-[r:ROUTES_TO]->(s:Service) WHERE s.missing RETURN s.name, r.detail",
                       {"uid": c["uid"]})
    if not rows and c["detail"].get("unserved"):
        u = c["detail"]["unserved"][0]
        return Verdict(f"Ingress {c['name']} sends traffic to port {', '.join(u['ports'])} of Service {u['service']}, "
                       "which does not expose it",
                       [f"backend {u['service']} port {', '.join(u['ports'])}", f"Service {u['service']} ports: "
                        f"{', '.join(u['offered'])}"],
                       f"kubectl edit ingress {c['name']}{_ns(c)}   # set the backend's port to one the Service exposes")
    if not rows and c["detail"].get("unadmitted"):
        u = c["detail"]["unadmitted"]
        patch = json.dumps({"spec": {"ingressClassName": u["served"][0]}}) if u["served"][0] != "(default)" else ""
        return Verdict(f"Ingress {c['name']} asks for ingress class {u['class']}, which no controller here serves: "
                       "it was never admitted and has no address",
                       [f"Ingress {c['name']}: class {u['class']}, status.loadBalancer empty",
                        f"the Ingresses that have an address use class {', '.join(u['served'])}"],
                       f"kubectl patch ingress {c['name']}{_ns(c)} --type merge -p '{patch}'   # or install a controller "
                       f"for class {u['class']}" if patch else
                       f"kubectl edit ingress {c['name']}{_ns(c)}   # use the class a controller serves")
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


def _schema_words(text: str) -> str:
    m = re.search(r"[^.:\n]*(?:missing (?:column|table)|does not exist|[Ss]chema[- ]validation|Unknown column|"
                  r"no such (?:table|column))[^.\n]*", text)
    return (m.group(0).strip() if m else "a missing column")[:160]


@rule("Job")
def check_job(c: dict, s: Symptom, nodes: list[dict], edges: list[dict], sg: StateGraph) -> Verdict | None:
    """A Job that failed recently: what its own pods die of, or what the pods that wait for it are stuck on."""
    labels = labels_of(edges)
    if "blocked" in s.signals and s.node["kind"] == "CronJob" and labels == ["OWNS"]:
        return _hung_run(c, s, sg)
    if "locks" in s.signals and labels == ["CONNECTS_TO", "CONNECTS_TO"]:
        return _lock_holder(c, s, nodes)
    if c.get("missing") or c.get("phase") != "Failed" or labels not in (["WAITS_FOR"], ["OWNS"], ["NEEDS_SCHEMA"]):
        return None
    if labels == ["NEEDS_SCHEMA"] and "JobFailed" not in (c.get("reasons") or ""):
        return None  # an old failed run is history
    if labels == ["OWNS"] and "JobFailed" not in (c.get("reasons") or ""):
        return None  # an old failed run is history
    if labels == ["OWNS"] and sg.query("MATCH (:CronJob)-[:OWNS]->(j:Job {uid: $uid}) RETURN count(*)",
                                       {"uid": c["uid"]})[1][0][0]:
        return None  # one run of a schedule: the schedule's job template is what to change
    _, rows = sg.query("MATCH (j:Job {uid: $uid})-[:OWNS]->(p:Pod) RETURN p LIMIT 20", {"uid": c["uid"]})
    why = next((m for r in rows for m in node_dict(r[0])["detail"].get("messages") or [] if m.strip()), "")
    waiting = f"{ref(nodes[0])} waits for it in an init container" if labels == ["WAITS_FOR"] else \
        f"{ref(nodes[0])} dies of a schema the database lacks ({_schema_words(s.text)}); this Job migrates it" \
        if labels == ["NEEDS_SCHEMA"] else f"its pod {nodes[0]['name']} exits: {', '.join(s.reasons[:3])}"
    if c["detail"].get("messages"):
        why = why or next((m for m in c["detail"]["messages"] if m.strip()), "")
    return Verdict(f"Job {c['name']} failed ({c.get('conditions') or 'BackoffLimitExceeded'})",
                   [waiting] + ([f"its pods' last words: {why[:300]}"] if why else []),
                   f"kubectl logs{_ns(c)} job/{c['name']}   # fix what it fails on (the migration, its config or image), "
                   f"then delete and re-create the Job: kubectl get job {c['name']}{_ns(c)} -o yaml > job.yaml")


# statements that lock a whole table against writes (or reads) until they finish (PostgreSQL, MySQL)
_LOCKING = re.compile(r"\bREINDEX\b(?![^;]*\bCONCURRENTLY\b)[^;\"']*|\bVACUUM\s+FULL\b[^;\"']*|\bCLUSTER\s+\w[^;\"']*|"
                      r"\bLOCK\s+TABLE\b[^;\"']*|\bALTER\s+TABLE\b[^;\"']*|\bTRUNCATE\b[^;\"']*|"
                      r"\bOPTIMIZE\s+TABLE\b[^;\"']*", re.I)


def _lock_holder(c: dict, s: Symptom, nodes: list[dict]) -> Verdict | None:
    """A client that times out waiting for locks, and a Job still running against the same server whose command is
    a statement that locks a whole table (REINDEX without CONCURRENTLY, VACUUM FULL, ALTER TABLE ...)."""
    d = c["detail"]
    stmt = _LOCKING.search(d.get("invocation") or "")
    if stmt is None or d.get("completed") or not d.get("running"):
        return None
    said = next((m for m in s.messages if re.search(r"lock timeout|55P03|Lock wait timeout|obtain lock", m)), s.text)
    took = f" for {d['age_s'] / 60:.0f} min" if d.get("age_s") else ""
    return Verdict(f"Job {c['name']} has been running `{stmt.group(0).strip()}`{took} against {nodes[1]['name']}: it "
                   f"locks the table, and {ref(nodes[0])}'s statements time out waiting",
                   [f"{ref(nodes[0])}: {said.strip()[:200]}", f"{ref(c)} connects to {ref(nodes[1])}, still running "
                    f"(started {d.get('started')}): {stmt.group(0).strip()[:120]}"],
                   f"kubectl delete job {c['name']}{_ns(c)}   # then end its session on the server (its pid in "
                   "pg_stat_activity: pg_terminate_backend(pid); MySQL: KILL <id>); run it again off-peak without the "
                   "table lock (REINDEX ... CONCURRENTLY, pg_repack, pt-online-schema-change)")


def _outlived(job: dict, sg: StateGraph) -> tuple[str, list[str]] | None:
    """(pod, containers) when a pod of the Job finished its work (a container exited 0) while others still run:
    a sidecar (a mesh proxy) that never exits keeps the Job from completing."""
    _, rows = sg.query("MATCH (j:Job {uid: $uid})-[:OWNS]->(p:Pod) RETURN p", {"uid": job["uid"]})
    for (raw,) in rows:
        p = node_dict(raw)
        if p["detail"].get("outlived_by"):
            return p["name"], p["detail"]["outlived_by"]
    return None


def _namespace_injects(n: dict, sg: StateGraph) -> str:
    """How the entity's namespace has a mesh proxy injected into its pods ("" when it does not; extract._injects)."""
    _, rows = sg.query("MATCH (ns:Namespace) WHERE ns.name = $ns RETURN ns", {"ns": n["namespace"]})
    return node_dict(rows[0][0])["detail"].get("injects") or "" if rows else ""


def _hung_run(c: dict, s: Symptom, sg: StateGraph) -> Verdict | None:
    """A schedule with concurrencyPolicy Forbid skips every run while one is active: a run that has been going for
    many times as long as its finished siblings took (or a day, when none finished) holds the schedule up."""
    d = c["detail"]
    running = d.get("age_s")
    if d.get("completed") or not d.get("running") or running is None:
        return None
    _, rows = sg.query("MATCH (:CronJob {uid: $uid})-[:OWNS]->(j:Job) RETURN j.detail", {"uid": s.node["uid"]})
    spans = ((ts(x.get("started")), ts(x.get("completed"))) for x in (json.loads(r[0]) for r in rows))
    took = [(end - begin).total_seconds() for begin, end in spans if begin and end]
    usual = max(took) if took else None
    if running < (max(3 * usual, 3600) if usual else 86400):
        return None
    sidecar = _outlived(c, sg)
    if sidecar and _namespace_injects(c, sg):
        return None  # the namespace's mesh injection is what keeps it running (check_namespace)
    skipped = next((m for m in s.messages if "concurrency policy is Forbid" in m or "prior execution" in m), "")
    return Verdict(f"Job {c['name']} has been running for {running / 3600:.0f} h"
                   + (f" (earlier runs took at most {usual / 60:.0f} min)" if usual else "")
                   + f"; CronJob {s.node['name']} (concurrencyPolicy Forbid) skips every run while it is active",
                   [f"{ref(s.node)}: {skipped or 'JobAlreadyActive'}", f"{ref(c)} started {d.get('started')}, not finished"]
                   + ([f"{len(took)} earlier run(s) finished in {min(took) / 60:.0f}-{usual / 60:.0f} min"] if took else [])
                   + ([f"its pod {sidecar[0]}'s work is done but {', '.join(sidecar[1])} still runs"] if sidecar else []),
                   f"kubectl delete job {c['name']}{_ns(c)}   # the hung run (look at its logs first); then bound the "
                   f"next ones: kubectl patch cronjob {s.node['name']}{_ns(c)} -p '{{\"spec\": {{\"jobTemplate\": "
                   "{\"spec\": {\"activeDeadlineSeconds\": <a few times the usual run>}}}}'", strong=bool(took))


# --- workloads ----------------------------------------------------------------------------
# a client tool refusing a server newer than itself (pg_dump, mysqldump, mongodump ...)
_CLIENT_TOO_OLD = re.compile(r"server version mismatch|aborting because of server version|[Uu]nsupported server version|"
                             r"server version \S+ is (?:newer|not supported)|client version \S+ is older")


def _run_fails(c: dict, s: Symptom) -> Verdict:
    """A run of this schedule failed: a client too old for its server is the template's image (strong); any other
    failure is reported with the run's last words (weak: it may be a consequence of something upstream)."""
    said = next((m for m in s.messages if m.strip()), s.text).strip()
    images = ", ".join(x.get("image") or "" for x in c["detail"].get("containers") or [])
    if _CLIENT_TOO_OLD.search(said):
        return Verdict(f"CronJob {c['name']} runs a client older than its server ({images})",
                       [f"{ref(s.node)} exits: {said[:260]}", f"CronJob {c['name']} job template image: {images}"],
                       f"kubectl set image cronjob/{c['name']}{_ns(c)} <container>=<a client of the server's major "
                       "version>   # then run one now: kubectl create job --from=cronjob/" + c["name"] + " manual-run")
    return Verdict(f"CronJob {c['name']}: its run {s.node['name']} fails", [f"{ref(s.node)} exits: {said[:260]}"],
                   f"kubectl logs{_ns(c)} {s.node['name']}   # fix what it fails on in the CronJob's job template",
                   strong=False)


@rule("CronJob")
def check_cronjob(c: dict, s: Symptom, nodes: list[dict], edges: list[dict], sg: StateGraph) -> Verdict | None:
    name = c["name"]
    runs = c["detail"].get("failed_runs") or []
    if "image" in s.signals and labels_of(edges)[-1:] == ["WRITES_SECRET"] and _REGISTRY_REFUSED.search(s.text) \
            and runs:
        secret = nodes[-2]
        words = next((w for r in runs for w in r.get("messages") or [] if w.strip()), "")
        return Verdict(f"CronJob {name}, which refreshes the registry credentials in Secret {secret['name']}, has failed "
                       f"its last {len(runs)} run(s): the token {secret['name']} holds has expired",
                       [f"{ref(s.node)}: {_REGISTRY_REFUSED.search(s.text).group(0)}",
                        f"{ref(c)} writes Secret {secret['name']} ({c['detail'].get('schedule')}); last success "
                        f"{c['detail'].get('lastSuccessfulTime') or 'never'}; failed runs: "
                        f"{', '.join(r['job'] for r in runs[:4])}"] + ([f"its runs say: {words.strip()[:200]}"] if words else []),
                       f"kubectl logs{_ns(c)} job/{runs[0]['job']}   # fix what the runs fail on (image, command, "
                       f"credentials), then: kubectl create job --from=cronjob/{name} {name}-manual{_ns(c)}")
    if "jobfail" in s.signals and not edges and runs and "suspended" not in s.signals:
        deadline = c["detail"].get("deadline")
        if all("DeadlineExceeded" in r["reasons"] for r in runs) and deadline:
            return Verdict(f"CronJob {name}: its last {len(runs)} run(s) were stopped at the deadline its job template "
                           f"sets (activeDeadlineSeconds {deadline}) before they finished",
                           [f"failed runs: {', '.join(r['job'] for r in runs)} (DeadlineExceeded)",
                            f"last success: {c['detail'].get('lastSuccessfulTime') or 'none recorded'}",
                            f"jobTemplate activeDeadlineSeconds: {deadline}"],
                           f"kubectl patch cronjob {name}{_ns(c)} -p '{{\"spec\": {{\"jobTemplate\": {{\"spec\": "
                           f"{{\"activeDeadlineSeconds\": {int(deadline) * 2}}}}}}}}}'   # or make the job faster")
        old = next((m for r in runs for m in r["messages"] if _CLIENT_TOO_OLD.search(m)), None)
        if old:
            return _run_fails(c, Symptom(s.node, s.signals, s.reasons, [old]))
        return Verdict(f"CronJob {name}: its last {len(runs)} run(s) failed",
                       [f"{r['job']}: {', '.join(r['reasons']) or 'failed'} {' '.join(r['messages'])[:160]}" for r in runs[:3]],
                       f"kubectl logs{_ns(c)} job/{runs[0]['job']}", strong=False)
    if labels_of(edges) == ["OWNS", "OWNS"] and "crash" in s.signals:
        return _run_fails(c, s)
    active = c["detail"].get("active") or []
    if "slots" in s.signals and labels_of(edges) == ["CONNECTS_TO", "CONNECTS_TO"] and len(active) > 1:
        said = next((m for m in s.messages if re.search(SLOTS, m)), s.text)
        return Verdict(f"CronJob {name} has {len(active)} runs connected to {nodes[1]['name']} at once "
                       f"(concurrencyPolicy {c['detail'].get('concurrency')}): its runs pile up and take the server's "
                       "connections", [f"{ref(nodes[0])}: {said.strip()[:200]}",
                                       f"CronJob {name}: schedule {c['detail'].get('schedule')!r}, active jobs: "
                                       f"{', '.join(active[:6])}", f"its runs connect to {ref(nodes[1])}"],
                       f"kubectl patch cronjob {name}{_ns(c)} -p '{{\"spec\": {{\"concurrencyPolicy\": \"Forbid\"}}}}'   "
                       f"# and set jobTemplate.spec.activeDeadlineSeconds; then delete the piled-up jobs: kubectl delete "
                       f"job{_ns(c)} {' '.join(active[:-1])}")
    required = _limits_required(s, sg) if labels_of(edges) == ["OWNS"] else None
    if required and required[2] is False:
        quota, what, _ = required
        return _template_lost_limits(c, s, quota, what, f"its last success {c['detail'].get('lastSuccessfulTime')}")
    stalled = c["detail"].get("not_firing")
    if "stalled" in s.signals and stalled and not edges:
        return Verdict(f"CronJob {name}'s schedule {c['detail'].get('schedule')!r} has no firing time since its last run "
                       f"({stalled['since']}), although it ran every {stalled['usual_gap_s'] / 3600:g} h before: the "
                       "schedule was changed", [f"CronJob {name}: schedule {c['detail'].get('schedule')!r}, not suspended",
                                                f"last scheduled {stalled['since']}; earlier runs every "
                                                f"{stalled['usual_gap_s'] / 3600:g} h"],
                       f"kubectl patch cronjob {name}{_ns(c)} -p '{{\"spec\": {{\"schedule\": \"<the intended "
                       f"schedule>\"}}}}'   # then run one now: kubectl create job --from=cronjob/{name} {name}-manual{_ns(c)}")
    if "suspended" not in s.signals or edges:
        return None
    return Verdict(f"CronJob {name} is suspended: no run since {c['detail'].get('lastScheduleTime') or 'it was suspended'}",
                   [f"CronJob {name}: spec.suspend true, schedule {c['detail'].get('schedule')!r}",
                    f"last scheduled: {c['detail'].get('lastScheduleTime') or 'never'}"],
                   f"kubectl patch cronjob {name}{_ns(c)} -p '{{\"spec\": {{\"suspend\": false}}}}'   # then run one "
                   f"now: kubectl create job --from=cronjob/{name} {name}-manual{_ns(c)}")


# a database server that refuses the data directory its pod template gives it: written by an older major version
# (an image swapped across majors), or a fresh volume's filesystem root mounted as the directory to initialise
_DATADIR_REFUSED = re.compile(
    r"(?P<version>database files are incompatible with server[^\n]*(?:\n[^\n]*initialized by PostgreSQL version[^\n]*)?|"
    r"The data directory was initialized by PostgreSQL version \d+, which is not compatible[^\n]*|"
    r"Invalid MySQL server downgrade[^\n]*|Cannot upgrade from \d+ to \d+[^\n]*|"
    r"UPGRADE PROBLEM: The data files need to be fully upgraded[^\n]*)|"
    r"(?P<files>--initialize specified but the data directory has files in it[^\n]*|"
    r"initdb: error: directory \"[^\"]+\" exists but is not empty[^\n]*|lost\+found[^\n]*mount point[^\n]*)")


def _no_scheduler(s: Symptom, nodes: list[dict], sg: StateGraph) -> str:
    """The scheduler an unscheduled pod names when no scheduler has ever looked at the pod (no PodScheduled
    condition, no FailedScheduling) and no running pod is named after it; "" otherwise."""
    pod = nodes[0]
    sched = pod["detail"].get("scheduler") or "default-scheduler" if pod["kind"] == "Pod" else "default-scheduler"
    if sched == "default-scheduler" or "unschedulable" not in s.signals or "FailedScheduling" in s.text or \
            "PodScheduled" in (pod.get("conditions") or "") or pod["detail"].get("node"):
        return ""
    _, rows = sg.query("MATCH (p:Pod) WHERE p.phase = 'Running' AND p.name CONTAINS $n RETURN count(p)", {"n": sched})
    return "" if rows[0][0] else sched


def _template_lost_limits(c: dict, s: Symptom, quota: dict, what: str, since: str) -> Verdict:
    return Verdict(f"{c['kind']} {c['name']}'s pod template does not declare {what}, which ResourceQuota "
                   f"{quota['name']} has required since {quota['detail'].get('created') or 'before'}; its earlier pods "
                   "were admitted, so the template changed",
                   [f"{ref(s.node)} cannot create pods: failed quota: {quota['name']}: must specify {what}",
                    f"ResourceQuota {quota['name']} created {quota['detail'].get('created')}; {since}"],
                   f"kubectl edit {c['kind'].lower()} {c['name']}{_ns(c)}   # restore resources.limits / requests on "
                   f"the container(s) named: {what}")


_SCALED_UP = re.compile(r"[Ss]caled up replica set \S+ (?:to|from) \d+(?: (?:to|from) \d+)?|[Ss]cale(?:d)? up .*?to \d+")


def _scaled_up_client(c: dict, s: Symptom, nodes: list[dict], sg: StateGraph, own: bool = False) -> Verdict | None:
    """Another client of the server the symptom cannot get a connection slot on (or the symptom's own workload,
    ``own``) was scaled up just now: its new replicas (each with its own pool) took the slots."""
    _, rows = sg.query("MATCH (e:Event)-[:EVENT_OF]->(w {uid: $uid}) RETURN e.detail", {"uid": c["uid"]})
    said = [d.get("message") or "" for d in (json.loads(r[0]) for r in rows) if d.get("recent")]
    up = next((m for m in said if _SCALED_UP.search(m)), None)
    if up is None:
        return None
    slots = next((m for m in s.messages if re.search(SLOTS, m)), s.text)
    if own:
        return Verdict(f"{c['kind']} {c['name']} was just scaled up, and its new replicas (each with its own connection "
                       "pool) get no connection slots on the database",
                       [f"{ref(nodes[0])}: {slots.strip()[:200]}", f"{ref(c)}: {up}"],
                       f"kubectl scale {c['kind'].lower()} {c['name']}{_ns(c)} --replicas=<before>   # or lower its pool "
                       "size, or put it behind a connection pooler (PgBouncer)")
    return Verdict(f"{c['kind']} {c['name']} was just scaled up and its new replicas took {nodes[1]['name']}'s "
                   "connection slots", [f"{ref(nodes[0])}: {slots.strip()[:200]}", f"{ref(c)}: {up}",
                                        f"{c['name']}'s pods connect to {ref(nodes[1])}"],
                   f"kubectl scale {c['kind'].lower()} {c['name']}{_ns(c)} --replicas=<before>   # or lower its pool "
                   "size, or put it behind a connection pooler (PgBouncer)")


@rule(*WORKLOAD_KINDS)
def check_workload(c: dict, s: Symptom, nodes: list[dict], edges: list[dict], sg: StateGraph) -> Verdict | None:
    name, kind = c["name"], c["kind"].lower()
    ctrs = c["detail"].get("containers") or []
    text = s.text
    via = _label(edges[-1]) if edges else ""
    if labels_of(edges) == ["CONNECTS_TO", "CONNECTS_TO"]:
        return _scaled_up_client(c, s, nodes, sg) if "slots" in s.signals else None
    if "slots" in s.signals and labels_of(edges) in (["OWNS", "OWNS"], ["OWNS"]):
        found = _scaled_up_client(c, s, nodes, sg, own=True)
        if found:
            return found
    scc = re.search(r"forbidden: unable to validate against any security context constraint[^\n]*", text) \
        if "create" in s.signals and labels_of(edges) in ([], ["OWNS"]) else None
    if scc:
        return Verdict(f"{c['kind']} {name}'s pod template asks for user IDs or privileges that no security context "
                       "constraint the namespace may use allows, so its controller cannot create pods",
                       [f"{ref(s.node)}: {scc.group(0)[:300]}"],
                       f"kubectl edit {kind} {name}{_ns(c)}   # drop the hard-coded runAsUser / fsGroup / privileged "
                       "init container and let the platform assign them (or grant the service account a fitting SCC)")
    if DNS_FAILURE.search(text) and re.search(r"\.svc\b", text) and s.node["kind"] == "Pod" and \
            s.node["detail"].get("dnsPolicy") == "Default" and labels_of(edges) in (["OWNS", "OWNS"], ["OWNS"]):
        return Verdict(f"{c['kind']} {name}'s pod template sets dnsPolicy: Default, so its pods ask the node's resolver, "
                       "which does not know cluster Service names", [f"{ref(s.node)}: {DNS_FAILURE.search(text).group(0)}"
                                                                     " for a .svc name", f"{ref(s.node)}: dnsPolicy Default"],
                       f"kubectl patch {kind} {name}{_ns(c)} -p '{{\"spec\": {{\"template\": {{\"spec\": "
                       f"{{\"dnsPolicy\": \"ClusterFirst\"}}}}}}}}'")
    required = _limits_required(s, sg) if labels_of(edges) == ["OWNS"] else None
    if required and required[2] is False:  # the Deployment of a ReplicaSet made after the quota
        quota, what, _ = required
        return _template_lost_limits(c, s, quota, what, f"{ref(s.node)} created {s.node['detail'].get('created')}")
    priority = re.search(r"no PriorityClass with name (\S+) was found", text) if "create" in s.signals else None
    if priority and labels_of(edges) in ([], ["OWNS"]):  # the workload itself, or the Deployment of its ReplicaSet
        return Verdict(f"{c['kind']} {name}'s pod template asks for PriorityClass {priority.group(1)}, which does not "
                       "exist, so its controller cannot create pods", [f"{ref(s.node)}: {priority.group(0)}",
                                                                      f"{ref(c)} template: priorityClassName "
                                                                      f"{priority.group(1)}"],
                       f"kubectl create priorityclass {priority.group(1)} --value=<n>   # or remove priorityClassName "
                       f"from {kind} {name}'s pod template")
    if via == "SELECTS_TEMPLATE":
        if "noendpoints" not in s.signals or not _down(c):
            return None
        state = _replica_state(c)
        # scaled to zero is the fault itself; replicas that exist but are not ready have their own reasons (the pods)
        return Verdict(f"{c['kind']} {name}, the pods behind Service {nodes[0]['name']}, {state}",
                       [f"Service {nodes[0]['name']} selects {nodes[0]['detail'].get('selector')}: no pod carries it now",
                        f"{ref(c)}'s pod template carries these labels and {state}"],
                       f"kubectl scale {kind} {name}{_ns(c)} --replicas=<as before>   # and find who scaled it "
                       f"(kubectl rollout history {kind}/{name}{_ns(c)}; an HPA, a GitOps sync)",
                       strong=not (c["detail"].get("replicas") or 0))
    if via == "MANAGED_BY":
        svc = nodes[-2]
        if not ({"noendpoints", "unreachable"} & set(s.signals)) or not _down(c) or sg.query(
                "MATCH (s:Service {uid: $uid})-[:SELECTS]->(p:Pod) WHERE p.conditions CONTAINS 'Ready=True' "
                "RETURN count(p)", {"uid": svc["uid"]})[1][0][0]:
            return None
        state, owner = _replica_state(c), svc["detail"].get("custom_owner") or "its custom resource"
        return Verdict(f"{c['kind']} {name}, the operator that manages {owner.split('.')[0]} behind Service "
                       f"{svc['name']}, {state}: nothing recreates or promotes the database's pods",
                       [f"{ref(svc)} belongs to {owner} and has no ready pod behind it",
                        f"{ref(c)} (the operator of {owner.partition('.')[2]}) {state}"]
                       + ([f"{ref(nodes[0])}: {', '.join(s.reasons[:3])}"] if nodes[0]["kind"] == "Pod" else []),
                       f"kubectl scale {kind} {name}{_ns(c)} --replicas=1   # then watch it reconcile: "
                       f"kubectl logs{_ns(c)} deploy/{name} -f")
    if via == "MISSES_AGENT" and c["detail"].get("agent") == "csi":
        node = nodes[-2]
        said = s.text + " " + " ".join(json.loads(d).get("message") or "" for d, in sg.query(  # its claims' events
            "MATCH (p {uid: $uid})-[:MOUNTS]->(:PersistentVolumeClaim)<-[:EVENT_OF]-(e:Event) RETURN e.detail",
            {"uid": nodes[0]["uid"]})[1])
        unregistered = re.search(r"[^.\n]*(?:no topology key found on CSINode|not found in the list of registered CSI "
                                 r"drivers|CSINode \S+ does not contain driver)[^.\n]*", said)
        why = _skipped_by(node, c)
        on_it = labels_of(edges)[-2:-1] == ["SCHEDULED_ON"] or node["name"] in said  # its node, or the one it names
        if not unregistered or not why or not on_it:
            return None
        return Verdict(f"DaemonSet {name}, the CSI node plugin, runs no pod on {node['name']} ({'; '.join(why)}), so the "
                       "volume driver is not registered there",
                       [f"{ref(nodes[0])}: {unregistered.group(0).strip()[:220]}",
                        f"{ref(c)} runs on other nodes but not on {node['name']}: {'; '.join(why)}"],
                       f"kubectl edit daemonset {name}{_ns(c)}   # tolerate the node's taint, e.g.\n"
                       "tolerations:\n- operator: Exists   # a CSI node plugin must run wherever its volumes are used")
    if via == "MISSES_AGENT" and c["detail"].get("agent") == "sysctl":
        node = nodes[-2]
        low = next((m for m in re.finditer(r"[^\n\"]*\b(" + "|".join(map(re.escape, c["detail"].get("sysctls") or ["-"]))
                                           + r")\b[^\n\"]*", text)), None)
        if not low or labels_of(edges) != ["SCHEDULED_ON", "MISSES_AGENT"] or "crash" not in s.signals:
            return None
        return Verdict(f"DaemonSet {name}, which sets {low.group(1)} on its nodes, runs no pod on {node['name']}, so "
                       f"{nodes[0]['name']} starts there without it",
                       [f"{ref(nodes[0])} on {node['name']}: {low.group(0).strip()[:200]}",
                        f"{ref(c)} sets {', '.join(c['detail'].get('sysctls') or [])}; its nodeSelector "
                        f"{c['detail'].get('nodeSelector') or '{}'} does not match {node['name']} "
                        f"({', '.join(f'{k}={v}' for k, v in (node['detail'].get('labels') or {}).items() if k in (c['detail'].get('nodeSelector') or {})) or 'no such label'})"],
                       f"kubectl edit daemonset {name}{_ns(c)}   # make its nodeSelector (and tolerations) cover the "
                       f"nodes {nodes[0]['name']} runs on")
    if via == "MISSES_AGENT":
        node = nodes[-2]
        found = _missing_plugin(node, sg)
        if not found or found[0]["uid"] != c["uid"]:
            return None
        _, why = found
        return Verdict(f"DaemonSet {name}, the network plugin, runs no pod on {node['name']} ({'; '.join(why)}), so "
                       "the node's network never becomes ready",
                       [f"Node {node['name']} is NotReady: " + next((m for m in node["detail"].get("messages") or []
                                                                  if _NO_NETWORK.search(m)), "network plugin not ready")[:200],
                        f"{ref(c)} runs on other nodes but not on {node['name']}: {'; '.join(why)}"]
                       + ([f"{ref(nodes[0])}: {', '.join(s.reasons[:3])}"] if nodes[0]["kind"] == "Pod" else []),
                       f"kubectl edit daemonset {name}{_ns(c)}   # add a toleration for the node's taint, e.g.\n"
                       "tolerations:\n- operator: Exists   # a CNI must run on every node")
    if via == "SQUEEZED_BY" and "unschedulable" in s.signals:
        d = json.loads(_edge_detail(edges) or "{}")
        _, rows = sg.query("MATCH (:DaemonSet {uid: $uid})-[:OWNS]->(p:Pod) RETURN p.detail", {"uid": c["uid"]})
        newest = max((t for t in (ts(json.loads(r or "{}").get("created")) for (r,) in rows) if t), default=None)
        pending = ts(s.node["detail"].get("created"))
        # its template changed, and its pods were recreated within a day of the pod that no longer fits
        changed = (c["detail"].get("generation") or 1) > 1 and newest and pending and newest >= pending - timedelta(days=1)
        unit = (lambda v: f"{v:g}") if d.get("res") == "cpu" else (lambda v: f"{v / 2**20:.0f}Mi")
        return Verdict(f"DaemonSet {name} requests {unit(d.get('need', 0))} {d.get('res')} on every node, so "
                       f"{s.node['name']} ({unit(d.get('want', 0))}) fits on none of the nodes it may use",
                       [f"{ref(s.node)} is Pending: Insufficient {d.get('res')}",
                        f"most free {d.get('res')} on {', '.join(d.get('nodes') or [])}: {unit(d.get('free', 0))}; with "
                        f"{name}'s {unit(d.get('need', 0))} it would fit",
                        f"{ref(c)} generation {c['detail'].get('generation')}: its pod template changed"
                        + (" and its pods were recreated lately" if changed else "")],
                       f"kubectl set resources daemonset {name}{_ns(c)} --requests={d.get('res')}=<what it needs>   "
                       f"# or kubectl rollout undo daemonset/{name}{_ns(c)}", strong=bool(changed))
    if via == "PROVISIONED_BY":
        if not _down(c) or _pending_claim(nodes) is None:
            return None
        sc, state = nodes[-2], _replica_state(c)
        return Verdict(f"{c['kind']} {name}, the provisioner of StorageClass {sc['name']}, {state}",
                       [f"{ref(_pending_claim(nodes))} is Pending, waiting for {sc['detail'].get('provisioner')}",
                        f"{ref(c)} runs that provisioner and {state}"],
                       f"kubectl scale {kind} {name}{_ns(c)} --replicas=1   # or, when it crashes: "
                       f"kubectl logs{_ns(c)} {kind}/{name} --all-containers")
    driver = re.search(r"driver name (\S+) not found in the list of registered CSI drivers", text)
    if driver and c["kind"] == "DaemonSet" and labels_of(edges) == ["SCHEDULED_ON", "SCHEDULED_ON", "OWNS"]:
        plugin, node = nodes[2], nodes[1]
        if plugin.get("phase") != "Running" or plugin.get("reasons"):
            if tokens(driver.group(1)) & (tokens(name) | {t for x in ctrs for t in tokens(str(x.get("image") or "").split("/")[-1])}):
                return Verdict(f"DaemonSet {name}: its pod on {node['name']} is not running, so the CSI driver "
                               f"{driver.group(1)} is not registered there",
                               [f"{ref(nodes[0])} on {node['name']}: {driver.group(0)}",
                                f"{ref(plugin)} on the same node: {plugin.get('phase')} {plugin.get('reasons')}"],
                               f"kubectl logs{_ns(c)} {plugin['name']} --all-containers --previous   # then fix the node "
                               f"plugin (image, config, permissions) or drain {node['name']}")
    if not all(_label(e) == "OWNS" for e in edges):
        return None  # what follows is about the symptom's own workload, never a neighbour's or a server's
    if {"config", "image"} & set(s.signals) and nodes[0]["kind"] == "Pod":
        wrong = [w for w in misnamed(nodes[0], sg, pull="image" in s.signals and "config" not in s.signals)
                 if not _from_account(nodes[0], w[0], sg)]
        if wrong:
            gone, meant = wrong[0]
            return Verdict(f"{c['kind']} {name}'s pod template references {gone['kind']} {gone['name']}, which does not "
                           f"exist; {gone['kind']} {meant['name']} holds what it reads",
                           [f"{ref(nodes[0])}: {', '.join(s.reasons[:3])}",
                            f"{gone['kind']} {gone['name']} is not in namespace {c['namespace']}",
                            f"{gone['kind']} {meant['name']} is, with keys {', '.join(meant['detail'].get('keys') or []) or '-'}"],
                           f"kubectl edit {kind} {name}{_ns(c)}   # reference {meant['name']} instead of {gone['name']}")
    unseen = _no_scheduler(s, nodes, sg)
    if unseen:
        return Verdict(f"{c['kind']} {name}'s pod template sets schedulerName: {unseen}, and no such scheduler runs: "
                       "nothing ever looks at its new pods",
                       [f"{ref(nodes[0])} is Pending with no PodScheduled condition and no FailedScheduling event",
                        f"its schedulerName is {unseen}; no running pod in the cluster is named after it"],
                       f"kubectl edit {kind} {name}{_ns(c)}   # remove spec.template.spec.schedulerName (or run the "
                       f"{unseen} scheduler again); then delete the Pending pod so it is recreated")
    refused = _DATADIR_REFUSED.search(text) if "crash" in s.signals and nodes[0]["kind"] == "Pod" else None
    if refused:
        volume = refused.lastgroup == "files"
        return Verdict(f"{c['kind']} {name}: " + (
            "its data volume is mounted straight at the data directory, whose filesystem root is not empty "
            "(lost+found), so the server refuses to initialise it" if volume else
            "its image was changed to a server that cannot open the data directory an older major version wrote"),
            [f"{ref(nodes[0])}: {refused.group(0).strip()[:240]}",
             f"{ref(c)} image(s): {', '.join(str(x.get('image')) for x in ctrs if not x.get('init')) or '?'}"],
            (f"kubectl edit {kind} {name}{_ns(c)}   # mount the volume with subPath: data (or set the data directory, "
             "e.g. PGDATA, to a subdirectory of the mount)") if volume else
            (f"kubectl rollout undo {kind}/{name}{_ns(c)}   # back to the image that wrote the data; upgrade the major "
             "version with pg_upgrade / dump and restore (or the operator's upgrade), not an image swap"))
    anti = re.search(r"\d+ node\(s\) didn't (?:match|satisfy) (?:existing )?pod anti-affinity rules", text)
    if "unschedulable" in s.signals and anti:
        return Verdict(f"{c['kind']} {name}: its required pod anti-affinity leaves no node for another replica",
                       [f"scheduler: {anti.group(0)}", f"{c['kind']} {name} wants {c['detail'].get('replicas')} replicas"],
                       f"kubectl edit {kind} {name}{_ns(c)}   # use preferredDuringScheduling anti-affinity, or a "
                       "rolling update with maxSurge: 0, or fewer replicas than eligible nodes")
    sel = nodes[0]["detail"].get("nodeSelector") if nodes[0]["kind"] == "Pod" else None
    if sel and _namespace_adds(nodes[0], sg):
        sel = {k: v for k, v in sel.items() if k not in _namespace_adds(nodes[0], sg)}  # its namespace's, not its own
    if "unschedulable" in s.signals and sel and re.search(r"didn't match Pod's node affinity/selector", text):
        _, rows = sg.query("MATCH (n:Node) RETURN n.labels")
        labels = [json.loads(r[0] or "{}") if isinstance(r[0], str) else (r[0] or {}) for r in rows]
        if rows and not any(all(lab.get(k) == v for k, v in sel.items()) for lab in labels):
            seen = {k: sorted({lab[k] for lab in labels if k in lab}) for k in sel}
            return Verdict(f"{c['kind']} {name}: its pod template's nodeSelector {sel} matches no node",
                           [f"scheduler: {re.search(r'[0-9]+ node[(]s[)] didn.t match Pod.s node affinity/selector', text).group(0)}",
                            f"{ref(nodes[0])} nodeSelector {sel}",
                            "values the nodes carry: " + ("; ".join(f"{k}: {', '.join(v) or 'none'}" for k, v in seen.items()))],
                           f"kubectl edit {kind} {name}{_ns(c)}   # set spec.template.spec.nodeSelector to labels a node has "
                           f"(kubectl get nodes --show-labels)")
    if "unschedulable" in s.signals and nodes[0]["kind"] == "Pod" and "volume node affinity conflict" not in text:
        # (a pod whose volume is pinned can only go where the volume is: a taint elsewhere is not what stops it; the
        # control plane's own taint keeps every workload off it: never the taint a pod was meant to tolerate)
        m = next((x for x in re.finditer(r"untolerated taint \{([^}]*)\}", text)
                  if not re.match(r"node-role\.kubernetes\.io/(?:control-plane|master)\b", x.group(1))), None)
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

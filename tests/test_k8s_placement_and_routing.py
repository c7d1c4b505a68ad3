"""Root causes in where a pod may run and where its connections go (hand-written snapshots in kubectl's shape): a
replacement node that joined without its pool's label, a scheduler that no longer runs, a claim that names no class
while no class is marked default, a Service that keeps traffic on the client's node, a write Service that selects the
replicas too, a hand-written EndpointSlice without its Service's label. Each with negatives beside it."""
from __future__ import annotations

from toolkits.kubernetes.rca import analyse
from tests.test_k8s_mounts_and_ingress import _dir
from tests.test_k8s_references_and_agents import NS, T0, crash, first, meta, node, owner, pod, write

POOL = {"node.kubernetes.io/pool": "database"}
PLACED = {"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [
    {"matchExpressions": [{"key": "node.kubernetes.io/pool", "operator": "In", "values": ["database"]}]}]}}}
NO_ROOM = ("0/5 nodes are available: 2 node(s) didn't match pod anti-affinity rules, 3 node(s) didn't match Pod's "
           "node affinity/selector. preemption: 0/5 nodes are available: 5 Preemption is not helpful for scheduling.")


def running(name, labels, node_name="db-01", env=None, owner_=None):
    return pod(name, labels=labels, node_name=node_name, ready=True, state={"state": {"running": {"startedAt": T0}}},
               owner=owner_, env=env, conditions=[{"type": "Ready", "status": "True"}, {"type": "PodScheduled", "status": "True"}])


def galera(tmp_path, third, extra_nodes=(), scheduler=None, message=NO_ROOM, extra_pods=()):
    sts = {"metadata": meta("galera"), "spec": {"replicas": 3, "selector": {"matchLabels": {"app": "galera"}},
           "template": {"metadata": {"labels": {"app": "galera"}}, "spec": {
               "containers": [{"name": "main", "image": "mariadb:11"}], "affinity": PLACED,
               **({"schedulerName": scheduler} if scheduler else {})}}}, "status": {"replicas": 3, "readyReplicas": 2}}
    members = [running(f"galera-{i}", {"app": "galera"}, f"db-0{i + 1}", owner_=owner("StatefulSet", "galera")) for i in (0, 1)]
    pending = pod("galera-2", labels={"app": "galera"}, owner=owner("StatefulSet", "galera"), node_name=None, phase="Pending",
                  conditions=[{"type": "PodScheduled", "status": "False", "reason": "Unschedulable", "message": message}]
                  if message else [])
    for p in members + [pending]:
        p["spec"]["affinity"] = PLACED
        if scheduler:
            p["spec"]["schedulerName"] = scheduler
    events = [{"metadata": meta("e1"), "type": "Warning", "reason": "FailedScheduling", "lastTimestamp": T0, "count": 30,
               "message": message, "involvedObject": {"kind": "Pod", "namespace": NS, "name": "galera-2"}}] if message else []
    nodes = [node("db-01", labels=POOL), node("db-02", labels=POOL), third, node("app-01"), node("app-02"), *extra_nodes]
    return write(_dir(tmp_path), {"pods": members + [pending, *extra_pods], "statefulsets": [sts], "events": events},
                 nodes=nodes)


def test_a_replacement_node_that_joined_without_its_pools_label(tmp_path):
    a = analyse(galera(tmp_path, node("db-03")), "galera has run on two members since this morning's node rebuild")
    assert first(a) == ("Node", "", "db-03")
    assert a.fix.startswith("kubectl label node db-03 node.kubernetes.io/pool=database")
    assert any("nodes with node.kubernetes.io/pool=database: db-01, db-02" in e for e in a.evidence)


def test_no_node_is_blamed_when_the_look_alike_is_not_one_or_cannot_take_pods(tmp_path):
    two = analyse(galera(tmp_path / "a", node("db-03"), extra_nodes=[node("db-04")]), "galera has two members")
    assert all(rc.kind != "Node" for rc in two.root_causes)  # two unlabelled db nodes: which one was meant is unknown
    cordoned = analyse(galera(tmp_path / "b", node("db-03", unschedulable=True)), "galera has two members")
    assert all(rc.kind != "Node" for rc in cordoned.root_causes)
    labelled = analyse(galera(tmp_path / "c", node("db-03", labels=POOL)), "galera has two members")
    assert all(rc.kind != "Node" for rc in labelled.root_causes)


def test_a_pod_template_naming_a_scheduler_that_no_longer_runs(tmp_path):
    a = analyse(galera(tmp_path, node("db-03", labels=POOL), scheduler="stork", message=None),
                "the third galera pod sits in Pending with no events")
    assert first(a) == ("StatefulSet", NS, "galera")
    assert "schedulerName" in a.fix and any("no running pod in the cluster is named after it" in e for e in a.evidence)


def test_a_scheduler_that_runs_or_a_pod_it_has_looked_at_is_not_that_fault(tmp_path):
    stork = running("stork-6c9f-x2b7q", {"app": "stork"}, "app-01")
    a = analyse(galera(tmp_path / "a", node("db-03", labels=POOL), scheduler="stork", message=None, extra_pods=[stork]),
                "the third galera pod sits in Pending")
    assert not any("no such scheduler runs" in rc.reason for rc in a.root_causes)
    b = analyse(galera(tmp_path / "b", node("db-03", labels=POOL), scheduler="stork"), "the third galera pod is Pending")
    assert not any("no such scheduler runs" in rc.reason for rc in b.root_causes)  # it has been looked at: FailedScheduling


def claims(tmp_path, marks):
    """Two classes with their default-class annotations; orders' volumes in the second; a new claim naming no class."""
    classes = [{"metadata": meta(name, ns="", **({"annotations": {"storageclass.kubernetes.io/is-default-class": mark}}
                                                  if mark is not None else {})), "provisioner": "driver.longhorn.io"}
               for name, mark in zip(("longhorn", "longhorn-ssd"), marks)]
    pvs = [{"metadata": meta(f"pvc-{i}", ns=""), "spec": {"storageClassName": "longhorn-ssd", "claimRef": {
        "namespace": NS, "name": f"orders-{i}"}}, "status": {"phase": "Bound"}} for i in range(3)]
    bound = [{"metadata": meta(f"orders-{i}"), "spec": {"storageClassName": "longhorn-ssd", "volumeName": f"pvc-{i}"},
              "status": {"phase": "Bound"}} for i in range(3)]
    new = {"metadata": meta("data-catalog-0"), "spec": {"accessModes": ["ReadWriteOnce"]}, "status": {"phase": "Pending"}}
    ev = {"metadata": meta("e1"), "type": "Normal", "reason": "FailedBinding", "lastTimestamp": T0, "count": 40,
          "message": "no persistent volumes available for this claim and no storage class is set",
          "involvedObject": {"kind": "PersistentVolumeClaim", "namespace": NS, "name": "data-catalog-0"}}
    return write(_dir(tmp_path), {"storageclasses": classes, "persistentvolumes": pvs,
                                  "persistentvolumeclaims": bound + [new], "events": [ev]})


def test_a_claim_naming_no_class_while_the_class_in_use_lost_its_default_mark(tmp_path):
    a = analyse(claims(tmp_path, ("false", None)), "the new catalog database is stuck Pending, it gets no volume")
    assert first(a) == ("StorageClass", "", "longhorn-ssd")
    assert "is-default-class=true" in a.fix and any("no storage class is set" in e for e in a.evidence)


def test_no_class_is_blamed_for_a_missing_default_when_one_is_marked(tmp_path):
    a = analyse(claims(tmp_path, ("true", None)), "the new catalog database is stuck Pending")
    assert not any("marked default" in rc.reason for rc in a.root_causes)


def clients(tmp_path, policy="Local", client_node="n2", error="java.net.SocketTimeoutException: Connect timed out"):
    svc = {"metadata": meta("shopdb"), "spec": {"selector": {"app": "router"}, "ports": [{"port": 3306}],
                                                "internalTrafficPolicy": policy}}
    router = running("router-7c8-abcde", {"app": "router"}, "n1", owner_=owner("ReplicaSet", "router-7c8"))
    client = pod("storefront-5d9-k2x9q", labels={"app": "storefront"}, owner=owner("ReplicaSet", "storefront-5d9"),
                 node_name=client_node, state=crash(error), env={"DB_HOST": "shopdb.shop.svc.cluster.local"})
    return write(_dir(tmp_path), {"pods": [router, client], "services": [svc]}, nodes=[node("n1"), node("n2")])


def test_a_service_that_keeps_traffic_on_nodes_without_a_backend(tmp_path):
    a = analyse(clients(tmp_path), "storefront pods time out connecting to mysql, the database looks healthy")
    assert first(a) == ("Service", NS, "shopdb")
    assert '"internalTrafficPolicy": "Cluster"' in a.fix and any("run only on n1" in e for e in a.evidence)


def test_node_local_traffic_is_not_blamed_beside_a_backend_or_under_the_cluster_policy(tmp_path):
    for sub, kw in (("a", {"policy": "Cluster"}), ("b", {"client_node": "n1"})):
        a = analyse(clients(tmp_path / sub, **kw), "storefront pods time out connecting to mysql")
        assert not any("internalTrafficPolicy" in rc.reason for rc in a.root_causes)


READ_ONLY = 'ERROR: cannot execute INSERT in a read-only transaction (SQLSTATE 25006)'


def writers(tmp_path, rw_selector):
    pg = {"app.kubernetes.io/name": "postgresql"}
    pods = [running("pg-primary-0", {**pg, "role": "primary"}, "n1", owner_=owner("StatefulSet", "pg-primary")),
            running("pg-read-0", {**pg, "role": "read"}, "n1", owner_=owner("StatefulSet", "pg-read")),
            running("pg-read-1", {**pg, "role": "read"}, "n1", owner_=owner("StatefulSet", "pg-read")),
            pod("billing-api-5d9-k2x9q", labels={"app": "billing-api"}, owner=owner("ReplicaSet", "billing-api-5d9"),
                state=crash(READ_ONLY), env={"DATABASE_HOST": "pg-rw.shop.svc"})]
    services = [{"metadata": meta("pg-rw"), "spec": {"selector": rw_selector, "ports": [{"port": 5432}]}},
                {"metadata": meta("pg-primary"), "spec": {"selector": {**pg, "role": "primary"}, "ports": [{"port": 5432}]}},
                {"metadata": meta("pg-ro"), "spec": {"selector": {**pg, "role": "read"}, "ports": [{"port": 5432}]}}]
    return write(_dir(tmp_path), {"pods": pods, "services": services})


def test_a_write_service_that_selects_the_replicas_too(tmp_path):
    a = analyse(writers(tmp_path, {"app.kubernetes.io/name": "postgresql"}), "billing-api randomly fails writes")
    assert first(a) == ("Service", NS, "pg-rw")
    assert '"role": "primary"' in a.fix and any("role=read: pg-read-0, pg-read-1" in e for e in a.evidence)


def test_a_write_service_that_selects_only_the_primary_is_not_blamed(tmp_path):
    a = analyse(writers(tmp_path, {"app.kubernetes.io/name": "postgresql", "role": "primary"}), "billing-api fails writes")
    assert not any("selects the replicas" in rc.reason for rc in a.root_causes)


def outside(tmp_path, slice_labels):
    svc = {"metadata": meta("mssql-erp"), "spec": {"ports": [{"name": "mssql", "port": 1433, "targetPort": 1433}]}}
    eps = {"metadata": meta("mssql-erp-vm", labels=slice_labels), "addressType": "IPv4",
           "endpoints": [{"addresses": ["172.22.10.41"], "conditions": {"ready": True}}], "ports": [{"name": "mssql", "port": 1433}]}
    client = pod("erp-connector-5d9-k2x9q", labels={"app": "erp-connector"}, owner=owner("ReplicaSet", "erp-connector-5d9"),
                 state=crash("System.Net.Sockets.SocketException (111): Connection refused"))
    return write(_dir(tmp_path), {"pods": [client], "services": [svc], "endpointslices": [eps]})


def test_a_hand_written_endpointslice_without_its_services_label(tmp_path):
    a = analyse(outside(tmp_path, {"db": "mssql"}), "the ERP connector crash-loops with connection refused to SQL Server")
    assert first(a) == ("EndpointSlice", NS, "mssql-erp-vm")
    assert a.fix == f"kubectl label endpointslice mssql-erp-vm -n {NS} kubernetes.io/service-name=mssql-erp"


def test_a_labelled_endpointslice_is_not_blamed_for_its_label(tmp_path):
    a = analyse(outside(tmp_path, {"kubernetes.io/service-name": "mssql-erp"}), "the ERP connector crash-loops")
    assert all(rc.kind != "EndpointSlice" for rc in a.root_causes)


LATER = "2026-05-01T11:00:00Z"


def patroni(tmp_path, client_ns_labels, client_ns_made=LATER, policy_made=T0):
    """A Patroni cluster whose leader Service has no selector (Patroni writes its Endpoints), a policy admitting
    clients by a namespace label, and clients in two namespaces: fulfillment (labelled) and checkout."""
    spaces = [{"metadata": meta("orders-db", ns="")},
              {"metadata": meta("fulfillment", ns="", labels={"db-access/orders": "true"})},
              {"metadata": {**meta("checkout", ns="", labels=client_ns_labels), "creationTimestamp": client_ns_made}}]
    leader = running("orders-pg-0", {"application": "spilo", "cluster-name": "orders-pg"}, "n1",
                     owner_=owner("StatefulSet", "orders-pg"))
    leader["metadata"]["namespace"] = "orders-db"
    svc = {"metadata": meta("orders-pg", ns="orders-db"), "spec": {"ports": [{"name": "postgresql", "port": 5432}]}}
    eps = {"metadata": meta("orders-pg", ns="orders-db"), "subsets": [{"addresses": [{"ip": "10.0.0.9", "targetRef": {
        "kind": "Pod", "name": "orders-pg-0", "namespace": "orders-db"}}], "ports": [{"name": "postgresql", "port": 5432}]}]}
    deny = {"metadata": meta("default-deny-ingress", ns="orders-db"), "spec": {"podSelector": {}, "policyTypes": ["Ingress"]}}
    allow = {"metadata": {**meta("orders-pg-clients", ns="orders-db"), "creationTimestamp": policy_made}, "spec": {
        "podSelector": {"matchLabels": {"application": "spilo"}}, "policyTypes": ["Ingress"],
        "ingress": [{"from": [{"namespaceSelector": {"matchLabels": {"db-access/orders": "true"}}}], "ports": [{"port": 5432}]}]}}
    ok = running("fulfillment-6f8-abcde", {"app": "fulfillment"}, "n1", env={"PGHOST": "orders-pg.orders-db.svc"})
    ok["metadata"]["namespace"] = "fulfillment"
    bad = pod("checkout-api-5d9-k2x9q", ns="checkout", labels={"app": "checkout-api"},
              state=crash("panic: failed to connect: dial tcp 10.96.4.7:5432: i/o timeout"),
              env={"PGHOST": "orders-pg.orders-db.svc"})
    return write(_dir(tmp_path), {"namespaces": spaces, "pods": [leader, ok, bad], "services": [svc], "endpoints": [eps],
                                  "networkpolicies": [deny, allow]})


def test_a_client_namespace_created_again_without_the_label_a_policy_admits_by(tmp_path):
    a = analyse(patroni(tmp_path, {"team": "checkout"}), "checkout can't reach the orders postgres since the redeploy")
    assert first(a) == ("Namespace", "", "checkout")
    assert a.fix.startswith("kubectl label namespace checkout db-access/orders=true")


def test_a_policy_newer_than_the_client_namespace_is_the_policy_s_fault(tmp_path):
    a = analyse(patroni(tmp_path, {"team": "checkout"}, client_ns_made=T0, policy_made=LATER),
                "checkout can't reach the orders postgres since the policy rollout")
    assert first(a) == ("NetworkPolicy", "orders-db", "orders-pg-clients")  # found through Patroni's Endpoints


def pooler_egress(tmp_path, db_port):
    pgb = running("pgbouncer-7c8-abcde", {"app": "pgbouncer"}, "n1", owner_=owner("ReplicaSet", "pgbouncer-7c8"))
    pgb["spec"]["containers"][0]["ports"] = [{"name": "pgbouncer", "containerPort": 6432}]
    svc = {"metadata": meta("pgbouncer"), "spec": {"selector": {"app": "pgbouncer"},
                                                   "ports": [{"port": 6432, "targetPort": "pgbouncer"}]}}
    dns = {"metadata": meta("allow-dns-egress"), "spec": {"podSelector": {}, "policyTypes": ["Egress"], "egress": [{
        "to": [{"namespaceSelector": {"matchLabels": {"kubernetes.io/metadata.name": "kube-system"}}}],
        "ports": [{"port": 53, "protocol": "UDP"}]}]}}
    db = {"metadata": meta("allow-egress-db"), "spec": {"podSelector": {}, "policyTypes": ["Egress"], "egress": [{
        "to": [{"namespaceSelector": {"matchLabels": {"kubernetes.io/metadata.name": NS}},
                "podSelector": {"matchLabels": {"app": "pgbouncer"}}}], "ports": [{"port": db_port}]}]}}
    client = pod("report-builder-5d9-k2x9q", labels={"app": "report-builder"}, owner=owner("ReplicaSet", "report-builder-5d9"),
                 state=crash("connection to server at 10.96.1.2, port 6432 failed: timeout expired"),
                 env={"PGHOST": "pgbouncer.shop.svc"})
    return write(_dir(tmp_path), {"pods": [pgb, client], "services": [svc], "networkpolicies": [dns, db]})


def test_of_two_egress_policies_the_one_meant_for_the_server_is_blamed_for_its_port(tmp_path):
    a = analyse(pooler_egress(tmp_path, 5432), "report builder can't get a DB connection since the policy rollout")
    assert first(a) == ("NetworkPolicy", NS, "allow-egress-db")
    b = analyse(pooler_egress(tmp_path / "b", 6432), "report builder can't get a DB connection")
    assert all(rc.kind != "NetworkPolicy" for rc in b.root_causes)  # its port is right: no policy drops the traffic


def members(tmp_path, peers_admitted):
    """A three-member replica set behind its headless Service, members 1 and 2 restarted; a policy on the members
    that admits the app's namespace (and, when asked, the members themselves)."""
    mongo = {"app.kubernetes.io/name": "mongodb"}
    sts = owner("StatefulSet", "shop-mongodb")
    env = {"MONGODB_ADVERTISED_HOSTNAME": "shop-mongodb-0.shop-mongodb-headless.shop.svc.cluster.local"}
    up = running("shop-mongodb-0", mongo, "n1", owner_=sts, env=env)
    up["spec"]["containers"][0]["ports"] = [{"name": "mongodb", "containerPort": 27017}]
    down = [pod(f"shop-mongodb-{i}", labels=mongo, owner=sts, env=env,
                state=crash("mongodb INFO ==> Cannot connect to MongoDB server. Retrying in 5 seconds...")) for i in (1, 2)]
    svc = {"metadata": meta("shop-mongodb-headless"), "spec": {"clusterIP": "None", "selector": mongo,
                                                               "ports": [{"name": "mongodb", "port": 27017}]}}
    rules = [{"from": [{"namespaceSelector": {"matchLabels": {"kubernetes.io/metadata.name": "storefront"}}}],
              "ports": [{"port": 27017}]}] + ([{"from": [{"podSelector": {"matchLabels": mongo}}]}] if peers_admitted else [])
    policy = {"metadata": meta("allow-storefront-to-mongodb"), "spec": {"podSelector": {"matchLabels": mongo},
                                                                       "policyTypes": ["Ingress"], "ingress": rules}}
    return write(_dir(tmp_path), {"pods": [up, *down], "services": [svc], "networkpolicies": [policy]})


def test_an_ingress_policy_that_admits_the_clients_but_not_the_members_themselves(tmp_path):
    a = analyse(members(tmp_path, False), "shop mongodb lost its primary, two members crash-loop")
    assert first(a) == ("NetworkPolicy", NS, "allow-storefront-to-mongodb")
    assert '"app.kubernetes.io/name": "mongodb"' in a.fix and "its own members" in a.fix
    b = analyse(members(tmp_path / "b", True), "shop mongodb lost its primary")
    assert all(rc.kind != "NetworkPolicy" for rc in b.root_causes)


def patroni_egress(tmp_path, except_=("10.0.0.0/8",), env=("DCS_ENABLE_KUBERNETES_API",)):
    api = {"metadata": meta("kubernetes", ns="default"), "subsets": [{"addresses": [{"ip": "10.0.95.228"}],
                                                                      "ports": [{"name": "https", "port": 443}]}]}
    spilo = {"application": "spilo", "cluster-name": "acid-orders"}
    pg = pod("acid-orders-0", labels=spilo, owner=owner("StatefulSet", "acid-orders"), env={n: "true" for n in env},
             state={"state": {"running": {"startedAt": T0}}}, conditions=[{"type": "Ready", "status": "False"}])
    policy = {"metadata": meta("restrict-egress"), "spec": {"podSelector": {}, "policyTypes": ["Egress"], "egress": [
        {"to": [{"podSelector": {}}]},
        {"ports": [{"port": 443}], "to": [{"ipBlock": {"cidr": "0.0.0.0/0", "except": list(except_)}}]}]}}
    ev = {"metadata": meta("e1"), "type": "Warning", "reason": "Unhealthy", "lastTimestamp": T0, "count": 200,
          "message": "Readiness probe failed: HTTP probe failed with statuscode: 503",
          "involvedObject": {"kind": "Pod", "namespace": NS, "name": "acid-orders-0"}}
    return write(_dir(tmp_path), {"pods": [pg], "endpoints": [api], "networkpolicies": [policy], "events": [ev]})


def test_an_egress_policy_that_cuts_patroni_off_from_the_kubernetes_api(tmp_path):
    a = analyse(patroni_egress(tmp_path), "orders postgres went read-only, all database pods 0/1 ready")
    assert first(a) == ("NetworkPolicy", NS, "restrict-egress")
    assert "cidr: 10.0.95.228/32" in a.fix


def test_an_egress_policy_that_admits_the_api_or_a_pod_that_does_not_use_it_is_not_that_fault(tmp_path):
    for sub, kw in (("a", {"except_": ("169.254.169.254/32",)}), ("b", {"env": ("PGVERSION",)})):
        a = analyse(patroni_egress(tmp_path / sub, **kw), "orders postgres pods 0/1 ready")
        assert not any("Kubernetes API" in rc.reason for rc in a.root_causes)


NO_SHM = ("2025-02-19 07:54:31.402 GMT [1] FATAL:  could not map anonymous shared memory: Cannot allocate memory\n"
          "2025-02-19 07:54:31.402 GMT [1] HINT:  This error usually means that PostgreSQL's request for a shared memory "
          "segment exceeded available memory, swap space, or huge pages.")


def tuned(tmp_path, conf, error=NO_SHM):
    cm = {"metadata": meta("forum-pg-extended"), "data": {"override.conf": conf}}
    pg = pod("forum-pg-0", labels={"app": "forum-pg"}, owner=owner("StatefulSet", "forum-pg"), state=crash(error),
             volumes=[{"name": "conf", "configMap": {"name": "forum-pg-extended"}}])
    return write(_dir(tmp_path), {"pods": [pg], "configmaps": [cm]})


def test_huge_pages_on_in_the_servers_configmap_when_it_cannot_map_its_shared_memory(tmp_path):
    a = analyse(tuned(tmp_path, "shared_buffers = 3GB\nhuge_pages = on\n"), "forum postgres crash-loops since the tuning change")
    assert first(a) == ("ConfigMap", NS, "forum-pg-extended")
    assert "huge_pages = on" in a.root_causes[0].reason and "huge_pages = try" in a.fix


def test_a_configmap_is_not_blamed_for_memory_it_does_not_size_or_for_another_error(tmp_path):
    a = analyse(tuned(tmp_path / "a", "huge_pages = try\nwork_mem = 64MB\n"), "forum postgres crash-loops")
    assert not any("cannot get that memory" in rc.reason for rc in a.root_causes)
    b = analyse(tuned(tmp_path / "b", "huge_pages = on\n", error="FATAL: password authentication failed for user \"app\""),
                "forum postgres crash-loops")
    assert not any("cannot get that memory" in rc.reason for rc in b.root_causes)


def refreshed_token(tmp_path, runs_fail):
    """A registry token in a pull secret that a CronJob recreates every 6 hours; its last two runs failed or passed."""
    script = ("TOKEN=$(aws ecr get-login-password)\nkubectl delete secret ecr-registry --ignore-not-found\n"
              "kubectl create secret docker-registry ecr-registry --docker-server=1234.dkr.ecr.aws --docker-password=$TOKEN")
    cj = {"metadata": meta("ecr-refresh"), "spec": {"schedule": "0 */6 * * *", "jobTemplate": {"spec": {"template": {
        "spec": {"containers": [{"name": "main", "image": "bitnami/kubectl:1.30", "command": ["/bin/sh", "-c", script]}]}}}}},
        "status": {"lastScheduleTime": T0, "lastSuccessfulTime": "2026-04-28T06:00:00Z"}}
    cond = ([{"type": "Failed", "status": "True", "reason": "BackoffLimitExceeded", "lastTransitionTime": T0}] if runs_fail
            else [{"type": "Complete", "status": "True"}])
    jobs = [{"metadata": {**meta(f"ecr-refresh-{i}", creationTimestamp=f"2026-05-01T0{i}:00:00Z"),
                          "ownerReferences": [owner("CronJob", "ecr-refresh", "batch/v1")]},
             "spec": {"template": {"spec": {"containers": [{"name": "main", "image": "bitnami/kubectl:1.30"}]}}},
             "status": {"conditions": cond}} for i in (2, 8)]
    pulling = pod("tsdb-1", labels={"app": "tsdb"}, owner=owner("StatefulSet", "tsdb"), pull=["ecr-registry"],
                  state={"state": {"waiting": {"reason": "ImagePullBackOff", "message": (
                      'Back-off pulling image "1234.dkr.ecr.aws/tsdb:16": unexpected status from HEAD request: 403 Forbidden')}}})
    secret = {"metadata": meta("ecr-registry"), "type": "kubernetes.io/dockerconfigjson", "data": {".dockerconfigjson": ""}}
    return write(_dir(tmp_path), {"pods": [pulling], "secrets": [secret], "cronjobs": [cj], "jobs": jobs})


def test_a_failing_schedule_that_refreshes_the_registry_token_a_pod_pulls_with(tmp_path):
    a = analyse(refreshed_token(tmp_path, True), "the timescale replica is stuck in ImagePullBackOff with 403 Forbidden")
    assert first(a) == ("CronJob", NS, "ecr-refresh")
    assert "create job --from=cronjob/ecr-refresh" in a.fix


def test_a_refresher_whose_runs_pass_leaves_the_refused_secret_to_blame(tmp_path):
    a = analyse(refreshed_token(tmp_path, False), "the timescale replica is stuck in ImagePullBackOff with 403 Forbidden")
    assert first(a) == ("Secret", NS, "ecr-registry")


def stranded(tmp_path, tolerated_by_others, gpu_node=False):
    """A replica whose local volume lives on a node that got a maintenance taint; others tolerate it, or none."""
    taint = {"key": "maintenance", "value": "firmware-upgrade", "effect": "NoExecute"}
    pv = {"metadata": meta("local-pv-1", ns=""), "spec": {
        "claimRef": {"namespace": NS, "name": "data-pg-3"}, "storageClassName": "topolvm",
        "nodeAffinity": {"required": {"nodeSelectorTerms": [{"matchExpressions": [
            {"key": "kubernetes.io/hostname", "operator": "In", "values": ["db-03"]}]}]}}}, "status": {"phase": "Bound"}}
    pvc = {"metadata": meta("data-pg-3"), "spec": {"volumeName": "local-pv-1", "storageClassName": "topolvm"},
           "status": {"phase": "Bound"}}
    msg = ("0/3 nodes are available: " + ("1 node(s) had untolerated taint {dedicated: gpu}, " if gpu_node else "") +
           "1 node(s) had untolerated taint {maintenance: firmware-upgrade}, 2 node(s) had volume node affinity conflict.")
    p = pod("pg-3", labels={"app": "pg"}, owner=owner("StatefulSet", "pg"), node_name=None, phase="Pending",
            volumes=[{"name": "data", "persistentVolumeClaim": {"claimName": "data-pg-3"}}],
            conditions=[{"type": "PodScheduled", "status": "False", "reason": "Unschedulable", "message": msg}])
    pods = [p]
    if tolerated_by_others:
        ok = running("batch-7c8-abcde", {"app": "batch"}, "db-03", owner_=owner("ReplicaSet", "batch-7c8"))
        ok["spec"]["tolerations"] = [{"key": "maintenance", "operator": "Exists"}]
        pods.append(ok)
    gpu = {"key": "dedicated", "value": "gpu", "effect": "NoSchedule"}
    if gpu_node:  # a dedicated pool whose pods tolerate its taint: deliberate, and not where the volume is
        trainer = running("trainer-0", {"app": "trainer"}, "gpu-01", owner_=owner("StatefulSet", "trainer"))
        trainer["spec"]["tolerations"] = [{"key": "dedicated", "operator": "Equal", "value": "gpu"}]
        pods.append(trainer)
    return write(_dir(tmp_path), {"pods": pods, "persistentvolumes": [pv], "persistentvolumeclaims": [pvc]},
                 nodes=[node("db-01"), node("db-02"), node("db-03", taints=[taint])]
                 + ([node("gpu-01", taints=[gpu])] if gpu_node else []))


def test_a_maintenance_taint_left_on_the_node_a_local_volume_is_pinned_to(tmp_path):
    a = analyse(stranded(tmp_path / "a", False), "ledger postgres runs on 2 of 3 instances, the third never comes back")
    assert first(a) == ("Node", "", "db-03")
    assert a.fix.startswith("kubectl taint nodes db-03 maintenance-")
    b = analyse(stranded(tmp_path / "b", False, gpu_node=True), "ledger postgres runs on 2 of 3 instances")
    assert first(b) == ("Node", "", "db-03")  # not the template's toleration for the gpu pool's deliberate taint


def test_a_taint_that_running_pods_tolerate_is_deliberate_not_the_node_s_fault(tmp_path):
    a = analyse(stranded(tmp_path, True), "ledger postgres runs on 2 of 3 instances")
    assert all(rc.kind != "Node" for rc in a.root_causes)


def squeezed(tmp_path, agent_cpu="1500m", generation=7):
    """Two 4-cpu workers, each running an app pod (1 cpu) and the log agent's pod; a 2-cpu data node pod comes back."""
    agent = {"metadata": {**meta("vector"), "generation": generation}, "spec": {
        "selector": {"matchLabels": {"app": "vector"}}, "template": {"metadata": {"labels": {"app": "vector"}}, "spec": {
            "containers": [{"name": "vector", "image": "vector:0.40", "resources": {"requests": {"cpu": agent_cpu}}}]}}},
        "status": {"desiredNumberScheduled": 2, "numberReady": 2}}
    pods = []
    for n in ("w1", "w2"):
        ds_pod = running(f"vector-{n}", {"app": "vector"}, n, owner_=owner("DaemonSet", "vector"))
        app = running(f"api-{n}", {"app": "api"}, n, owner_=owner("ReplicaSet", "api-5d9"))
        for p, cpu in ((ds_pod, agent_cpu), (app, "1")):
            p["spec"]["containers"][0]["resources"] = {"requests": {"cpu": cpu}}
        ds_pod["metadata"]["creationTimestamp"] = "2026-05-01T05:30:00Z"
        pods += [ds_pod, app]
    msg = "0/2 nodes are available: 2 Insufficient cpu. preemption: 0/2 nodes are available: 2 No preemption victims found."
    data = pod("es-data-1", labels={"app": "es-data"}, owner=owner("StatefulSet", "es-data"), node_name=None,
               phase="Pending", conditions=[{"type": "PodScheduled", "status": "False", "reason": "Unschedulable", "message": msg}])
    data["spec"]["containers"][0]["resources"] = {"requests": {"cpu": "2"}}
    return write(_dir(tmp_path), {"pods": pods + [data], "daemonsets": [agent]}, nodes=[node("w1"), node("w2")])


def test_a_daemonset_whose_raised_request_leaves_no_room_for_a_returning_pod(tmp_path):
    a = analyse(squeezed(tmp_path), "elasticsearch yellow since the reboot, one data pod stuck Pending")
    assert first(a) == ("DaemonSet", NS, "vector") and a.strong
    assert "kubectl set resources daemonset vector" in a.fix and any("with vector's 1.5 it would fit" in e for e in a.evidence)


def test_a_small_or_unchanged_agent_is_not_blamed_for_a_full_cluster(tmp_path):
    small = analyse(squeezed(tmp_path / "a", agent_cpu="100m"), "one data pod stuck Pending")
    assert all(rc.kind != "DaemonSet" for rc in small.root_causes)
    unchanged = analyse(squeezed(tmp_path / "b", generation=1), "one data pod stuck Pending")
    assert not (first(unchanged) == ("DaemonSet", NS, "vector") and unchanged.strong)


def pinned(tmp_path, pinned_ip):
    svc = {"metadata": meta("orders-db"), "spec": {"clusterIP": "10.43.1.2", "selector": {"app": "orders-db"},
                                                   "ports": [{"port": 5432}]}}
    db = running("orders-db-0", {"app": "orders-db"}, "n1", owner_=owner("StatefulSet", "orders-db"))
    hosts = f"hosts {{\n    {pinned_ip} orders-db.{NS}.svc.cluster.local\n    fallthrough\n}}\n"
    cm = {"metadata": meta("coredns-custom", ns="kube-system"), "data": {"cutover.override": hosts}}
    client = pod("billing-5d9-k2x9q", labels={"app": "billing"}, owner=owner("ReplicaSet", "billing-5d9"),
                 state=crash(f"dial tcp {pinned_ip}:5432: i/o timeout"), env={"PGHOST": f"orders-db.{NS}.svc.cluster.local"})
    return write(_dir(tmp_path), {"pods": [db, client], "services": [svc], "configmaps": [cm]})


def test_a_dns_hosts_entry_that_pins_a_service_name_to_a_stale_address(tmp_path):
    a = analyse(pinned(tmp_path, "10.43.9.9"), "billing can't connect to the orders database since its reinstall")
    assert first(a) == ("ConfigMap", "kube-system", "coredns-custom")
    assert "remove the hosts line" in a.fix


def test_a_hosts_entry_with_the_services_own_address_is_not_blamed(tmp_path):
    a = analyse(pinned(tmp_path, "10.43.1.2"), "billing can't connect to the orders database")
    assert all(rc.kind != "ConfigMap" for rc in a.root_causes)


def swapped_disk(tmp_path, new_path):
    def local_pv(name, host, claim, made, path="/mnt/nvme0n1/ch"):
        return {"metadata": {**meta(name, ns=""), "creationTimestamp": made}, "spec": {
            "local": {"path": path}, "storageClassName": "local-nvme", "claimRef": {"namespace": NS, "name": claim},
            "nodeAffinity": {"required": {"nodeSelectorTerms": [{"matchExpressions": [
                {"key": "kubernetes.io/hostname", "operator": "In", "values": [host]}]}]}}}, "status": {"phase": "Bound"}}
    pvs = [local_pv("local-pv-a", "ch-01", "data-ch-0", "2025-01-01T00:00:00Z"),
           local_pv("local-pv-b", "ch-02", "data-ch-1", "2025-01-01T00:00:00Z"),
           local_pv("local-pv-c", "ch-02", "data-ch-2", LATER, path=new_path)]
    claims = [{"metadata": meta(f"data-ch-{i}"), "spec": {"volumeName": f"local-pv-{x}", "storageClassName": "local-nvme"},
               "status": {"phase": "Bound"}} for i, x in enumerate("abc")]
    msg = ("0/3 nodes are available: 1 node(s) didn't match pod anti-affinity rules, 2 node(s) had volume node affinity "
           "conflict.")
    p = pod("ch-2", labels={"app": "ch"}, owner=owner("StatefulSet", "ch"), node_name=None, phase="Pending",
            volumes=[{"name": "data", "persistentVolumeClaim": {"claimName": "data-ch-2"}}],
            conditions=[{"type": "PodScheduled", "status": "False", "reason": "Unschedulable", "message": msg}])
    return write(_dir(tmp_path), {"pods": [p], "persistentvolumes": pvs, "persistentvolumeclaims": claims},
                 nodes=[node("ch-01"), node("ch-02"), node("ch-03")])


def test_a_local_volume_written_again_after_a_disk_swap_that_names_the_wrong_node(tmp_path):
    a = analyse(swapped_disk(tmp_path, "/mnt/nvme0n1/ch"), "clickhouse replica 2 has been down since the disk swap")
    assert first(a) == ("PersistentVolume", "", "local-pv-c")
    assert any("local-pv-b" in e and "the same path on the same node" in e for e in a.evidence)


def test_local_volumes_of_different_paths_on_one_node_are_not_that_fault(tmp_path):
    a = analyse(swapped_disk(tmp_path, "/mnt/nvme1n1/ch"), "clickhouse replica 2 is down")
    assert not any("names the wrong node" in rc.reason for rc in a.root_causes)


MAP_COUNT = ("ERROR: [1] bootstrap checks failed. You must address the points described in the following [1] lines "
             "before starting Elasticsearch.\nbootstrap check failure [1] of [1]: max virtual memory areas "
             "vm.max_map_count [65530] is too low, increase to at least [262144]")


def tuned_nodes(tmp_path, agent_pool):
    agent = {"metadata": meta("max-map-count-setter"), "spec": {"selector": {"matchLabels": {"app": "mmc"}}, "template": {
        "metadata": {"labels": {"app": "mmc"}}, "spec": {"nodeSelector": {"pool": agent_pool},
            "initContainers": [{"name": "set", "image": "bash:5", "command": ["sh", "-c", "sysctl -w vm.max_map_count=262144"]}],
            "containers": [{"name": "sleep", "image": "pause:3.9"}]}}},
        "status": {"desiredNumberScheduled": 1 if agent_pool == "es-v2" else 0}}
    es = pod("logs-es-0", labels={"app": "es"}, owner=owner("StatefulSet", "logs-es"), node_name="es-v2-1", state=crash(MAP_COUNT))
    pods = [es] + ([running("mmc-x2b7q", {"app": "mmc"}, "es-v2-1", owner_=owner("DaemonSet", "max-map-count-setter"))]
                   if agent_pool == "es-v2" else [])
    return write(_dir(tmp_path), {"pods": pods, "daemonsets": [agent]},
                 nodes=[node("es-v2-1", labels={"pool": "es-v2"}), node("app-1", labels={"pool": "default"})])


def test_a_node_tuning_daemonset_that_does_not_cover_the_new_pool(tmp_path):
    a = analyse(tuned_nodes(tmp_path, "es"), "logging elasticsearch is down since the move to the new node pool")
    assert first(a) == ("DaemonSet", NS, "max-map-count-setter")
    assert any("vm.max_map_count [65530] is too low" in e for e in a.evidence)


def test_a_node_tuning_daemonset_that_runs_on_the_pods_node_is_not_blamed(tmp_path):
    a = analyse(tuned_nodes(tmp_path, "es-v2"), "logging elasticsearch is down")
    assert all(rc.kind != "DaemonSet" for rc in a.root_causes)


PG_MAJOR = ('FATAL:  database files are incompatible with server\nDETAIL:  The data directory was initialized by PostgreSQL '
            'version 15, which is not compatible with this version 16.3.')
MYSQL_FILES = ("2024-06-04 09:46:30 0 [ERROR] [MY-010457] [Server] --initialize specified but the data directory has "
               "files in it. Aborting.")


def datadir(tmp_path, error):
    sts = {"metadata": meta("db"), "spec": {"replicas": 1, "selector": {"matchLabels": {"app": "db"}}, "template": {
        "metadata": {"labels": {"app": "db"}}, "spec": {"containers": [{"name": "main", "image": "postgres:16.3"}]}}},
        "status": {"replicas": 1, "readyReplicas": 0}}
    db = pod("db-0", labels={"app": "db"}, owner=owner("StatefulSet", "db"), state=crash(error))
    return write(_dir(tmp_path), {"pods": [db], "statefulsets": [sts]})


def test_a_server_image_swapped_across_major_versions_or_a_volume_root_mounted_as_the_data_directory(tmp_path):
    a = analyse(datadir(tmp_path / "a", PG_MAJOR), "our postgres restarts constantly since the dependency update")
    assert first(a) == ("StatefulSet", NS, "db") and a.strong and "rollout undo" in a.fix
    b = analyse(datadir(tmp_path / "b", MYSQL_FILES), "the new mysql pod never starts")
    assert first(b) == ("StatefulSet", NS, "db") and b.strong and "subPath" in b.fix


def test_another_server_crash_is_not_read_as_a_data_directory_refusal(tmp_path):
    a = analyse(datadir(tmp_path, "FATAL: could not open file \"global/pg_filenode.map\": Permission denied"), "postgres down")
    assert not any("data directory" in rc.reason for rc in a.root_causes)


def test_a_corefile_that_forwards_to_a_host_name_stops_coredns(tmp_path):
    from tests.test_k8s_references_and_agents import dns_cluster
    a = analyse(dns_cluster(tmp_path, 'plugin/forward: not an IP address or file: "10.96.0.10"'),
                "every service lost its database connections: could not translate host name")
    assert first(a) == ("ConfigMap", "kube-system", "coredns")
    assert "forward" in a.root_causes[0].reason


REDIS7 = ("*** FATAL CONFIG FILE ERROR (Redis 7.2.5) ***\nReading the configuration file, at line 23\n"
          ">>> 'maxmemory-policy allkeys-lru volatile-lru'\nwrong number of arguments\n")


def test_a_redis_7_config_line_with_the_wrong_arguments(tmp_path):
    a = analyse(tuned(tmp_path, "maxmemory 2gb\nmaxmemory-policy allkeys-lru volatile-lru\n", error=REDIS7),
                "all three session redis pods are crash-looping")
    assert first(a) == ("ConfigMap", NS, "forum-pg-extended") and "maxmemory-policy" in a.root_causes[0].reason


def provisioning(tmp_path, message):
    cls = {"metadata": meta("gp3-mongo", ns=""), "provisioner": "ebs.csi.aws.com", "volumeBindingMode": "WaitForFirstConsumer",
           "parameters": {"type": "gp3", "iops": "16000", "throughput": "2000"}}
    claim = {"metadata": meta("datadir-mongo-3"), "spec": {"storageClassName": "gp3-mongo"}, "status": {"phase": "Pending"}}
    ev = {"metadata": meta("e1"), "type": "Warning", "reason": "ProvisioningFailed", "lastTimestamp": T0, "count": 9,
          "message": message, "involvedObject": {"kind": "PersistentVolumeClaim", "namespace": NS, "name": "datadir-mongo-3"}}
    return write(_dir(tmp_path), {"storageclasses": [cls], "persistentvolumeclaims": [claim], "events": [ev]})


def test_a_storageclass_parameter_the_storage_backend_rejects(tmp_path):
    a = analyse(provisioning(tmp_path, 'failed to provision volume with StorageClass "gp3-mongo": rpc error: could not '
                                       'create volume in EC2: api error InvalidParameterValue: Throughput must be between '
                                       '125 and 1000 MiB/s.'), "the fourth mongo member has been Pending for 40 minutes")
    assert first(a) == ("StorageClass", "", "gp3-mongo") and "throughput=2000" in a.root_causes[0].reason


def test_a_provisioning_failure_that_names_no_parameter_of_the_class_is_not_that_fault(tmp_path):
    a = analyse(provisioning(tmp_path, 'failed to provision volume with StorageClass "gp3-mongo": rpc error: '
                                       'UnauthorizedOperation: You are not authorized to perform this operation.'),
                "the fourth mongo member is Pending")
    assert not any("backend rejects" in rc.reason for rc in a.root_causes)


def scaled(tmp_path, event):
    dep = {"metadata": meta("billing-api"), "spec": {"replicas": 20, "selector": {"matchLabels": {"app": "billing-api"}},
           "template": {"metadata": {"labels": {"app": "billing-api"}}, "spec": {"containers": [{"name": "main", "image": "b:1"}]}}},
           "status": {"replicas": 20, "readyReplicas": 4}}
    rs = {"metadata": {**meta("billing-api-5d9"), "ownerReferences": [owner("Deployment", "billing-api")]},
          "spec": {"replicas": 20, "selector": {"matchLabels": {"app": "billing-api"}}}, "status": {"replicas": 20}}
    p = pod("billing-api-5d9-k2x9q", labels={"app": "billing-api"}, owner=owner("ReplicaSet", "billing-api-5d9"),
            state=crash("FATAL: sorry, too many clients already (SQLSTATE 53300)"))
    ev = {"metadata": meta("e1"), "type": "Normal", "reason": "ScalingReplicaSet", "lastTimestamp": T0, "count": 1,
          "message": event, "involvedObject": {"kind": "Deployment", "namespace": NS, "name": "billing-api"}}
    return write(_dir(tmp_path), {"pods": [p], "deployments": [dep], "replicasets": [rs], "events": [ev]})


def test_a_deployment_scaled_up_whose_new_replicas_get_no_connection_slots(tmp_path):
    a = analyse(scaled(tmp_path, "Scaled up replica set billing-api-5d9 from 4 to 20"),
                "billing pods crash with too many clients already")
    assert first(a) == ("Deployment", NS, "billing-api") and a.strong and "--replicas=<before>" in a.fix


def test_a_deployment_not_scaled_lately_is_not_blamed_for_the_slots(tmp_path):
    a = analyse(scaled(tmp_path, "Created pod: billing-api-5d9-k2x9q"), "billing pods crash with too many clients")
    assert not any("just scaled up" in rc.reason for rc in a.root_causes)


def test_a_pod_template_that_no_security_context_constraint_admits(tmp_path):
    sts = {"metadata": meta("crm-mysql"), "spec": {"replicas": 3, "selector": {"matchLabels": {"app": "crm-mysql"}},
           "template": {"metadata": {"labels": {"app": "crm-mysql"}}, "spec": {"containers": [{"name": "main", "image": "mysql:8"}]}}},
           "status": {"replicas": 0, "readyReplicas": 0}}
    ev = {"metadata": meta("e1"), "type": "Warning", "reason": "FailedCreate", "lastTimestamp": T0, "count": 30,
          "message": 'create Pod crm-mysql-0 in StatefulSet crm-mysql failed error: pods "crm-mysql-0" is forbidden: unable '
                     'to validate against any security context constraint: [provider "restricted-v2": Forbidden: not usable '
                     'by user or serviceaccount, spec.containers[0].securityContext.runAsUser: Invalid value: 999: must be '
                     'in the ranges: [1000680000, 1000689999]]',
          "involvedObject": {"kind": "StatefulSet", "namespace": NS, "name": "crm-mysql"}}
    a = analyse(write(_dir(tmp_path), {"statefulsets": [sts], "events": [ev]}), "the mysql statefulset shows 0/3 pods")
    assert first(a) == ("StatefulSet", NS, "crm-mysql") and "runAsUser" in a.fix

"""k9-25: ExternalSecret template change renamed the keys of the MongoDB Secret; restarted pods hit CreateContainerConfigError (OpenShift)."""
from .common import *
from ..registry import incident
from ..bases2 import openshift_base, ocp
from ..addons import external_secrets
from .k03 import mongo_tp


@incident("k9-25", profile("openshift", version="v1.27.13+e709aa5"), "2024-04-09T12:26:18Z",
          "OpenShift 4.14 on AWS (3 masters + 3 workers), OVN-Kubernetes, AWS EBS CSI (gp3-csi)")
def build(c):
    age = 420 * D
    specs = [dict(name="ip-10-0-%d-%d.ec2.internal" % (10 + 20 * i, 33 + i), ip="10.0.%d.%d" % (10 + 20 * i, 33 + i), role="master",
                  ago=age - 30 * i, cpu=8, mem=32, zone="us-east-1" + "abc"[i], csi={"ebs.csi.aws.com": "i-0" + "%016x" % (7771 + i)})
             for i in range(3)]
    wk_ago = [60 * D, 60 * D - 400, 22 * M + 10]
    specs += [dict(name="ip-10-0-%d-%d.ec2.internal" % (12 + 20 * i, 140 + i * 7), ip="10.0.%d.%d" % (12 + 20 * i, 140 + i * 7), ago=wk_ago[i],
                   cpu=16, mem=64, zone="us-east-1" + "abc"[i], csi={"ebs.csi.aws.com": "i-0" + "%016x" % (9900 + i)},
                   itype="m6i.4xlarge") for i in range(3)]
    openshift_base(c, specs, age, monitoring=False)
    from ..noise import node_boot_events
    node_boot_events(c, c.get("nodes", None, specs[5]["name"]), wk_ago[2] - 5)
    Wk = workers(c)
    cd = "openshift-cluster-csi-drivers"
    namespace(c, cd, age - 200, {"openshift.io/cluster-monitoring": "true"})
    comp_ds(c, cd, "aws-ebs-csi-driver-node", ocp(c, "ebs-node"), alln(c), age - 200, labels={"app": "aws-ebs-csi-driver-node"},
            sa="aws-ebs-csi-driver-node-sa", cname="csi-driver", hostnet=True, pcn="system-node-critical", req=("10m", "50Mi"),
            csc={"privileged": True}, tol=[{"operator": "Exists"}],
            extra_ctrs=[ctr("csi-node-driver-registrar", ocp(c, "reg"), req=("10m", "50Mi")), ctr("csi-liveness-probe", ocp(c, "lp"), req=("10m", "50Mi"))])
    comp_deploy(c, cd, "aws-ebs-csi-driver-controller", ocp(c, "ebs-ctrl"), 2, age - 200, labels={"app": "aws-ebs-csi-driver-controller"},
                sa="aws-ebs-csi-driver-controller-sa", cname="csi-driver", nodes=cps(c), nsel={"node-role.kubernetes.io/master": ""},
                tol=[{"effect": "NoSchedule", "key": "node-role.kubernetes.io/master", "operator": "Exists"}], req=("10m", "50Mi"))
    storageclass(c, "gp3-csi", "ebs.csi.aws.com", age - 200, {"encrypted": "true", "type": "gp3"}, default=True)
    storageclass(c, "gp2-csi", "ebs.csi.aws.com", age - 200, {"encrypted": "true", "type": "gp2"})
    external_secrets(c)
    # ---------------- MongoDB
    ns, rel = "claims-mongo", "claims-mongodb"
    namespace(c, ns, 380 * D, {"team": "claims"})
    helm_release(c, ns, rel, 4, 379 * D, 90 * D)
    ha = helm_ann(rel, ns)
    hl = helm_labels(rel, "mongodb", "15.1.4", "7.0.8", component="mongodb")
    changed = 37 * M + 20
    secret(c, ns, rel, ["MONGODB_METRICS_PASSWORD", "MONGODB_PASSWORDS", "MONGODB_REPLICA_SET_KEY", "MONGODB_ROOT_PASSWORD"], 379 * D,
           {"reconcile.external-secrets.io/created-by": c.hexs(32), "reconcile.external-secrets.io/managed": "true"},
           {"reconcile.external-secrets.io/data-hash": c.hexs(32)},
           owner=crd_ref(c, "external-secrets.io/v1beta1", "ExternalSecret", rel, block=True))
    cm(c, ns, rel + "-common-scripts", {"ping-mongodb.sh": "#!/bin/bash\nmongosh --port $MONGODB_PORT_NUMBER --eval \"db.adminCommand('ping')\"\n",
                                        "readiness-probe.sh": "#!/bin/bash\n"}, 379 * D, hl, ha)
    cm(c, ns, rel + "-scripts", {"setup.sh": "#!/bin/bash\n"}, 379 * D, hl, ha)
    sa(c, ns, rel, 379 * D, hl, ha)
    tp = mongo_tp(c, hl, rel, rel)
    tp["spec"].pop("nodeSelector")
    tp["spec"].pop("tolerations")
    for k in ("runAsUser", "runAsGroup"):
        tp["spec"]["containers"][0]["securityContext"].pop(k)
    tp["spec"]["securityContext"] = {}
    s = statefulset(c, ns, rel, tp, 3, 379 * D, rel + "-headless", [("datadir", "100Gi", "gp3-csi")], hl, ha, gen=4)
    sel = s["spec"]["selector"]["matchLabels"]
    service(c, ns, rel + "-headless", sel, [("mongodb", 27017, "mongodb")], 379 * D, hl, ha, headless=True, pna=True)
    sts_pod(c, s, 0, Wk[0], 58 * D, pvc_ago=379 * D)
    sts_pod(c, s, 2, Wk[1], 58 * D - 800, pvc_ago=379 * D - 100)
    c.allow_missing("Secret", ns, rel, "mongodb-root-password")
    c.allow_missing("Secret", ns, rel, "mongodb-replica-set-key")
    cfg = "couldn't find key mongodb-root-password in Secret %s/%s" % (ns, rel)
    p1 = sts_pod(c, s, 1, Wk[2], 19 * M + 30, st={"mongodb": W("CreateContainerConfigError", cfg)}, pvc_ago=379 * D - 50)
    kev(c, p1, "Failed", "Error: " + cfg, "Warning", 94, 19 * M + 20, c.rng.randint(3, 40), "mongodb")
    kev(c, p1, "Pulled", 'Container image "docker.io/bitnami/mongodb:7.0.12-debian-12-r0" already present on machine', "Normal", 94,
        19 * M + 21, c.rng.randint(3, 40), "mongodb")
    exl = helm_labels(rel, "mongodb", "15.1.4", "7.0.8", component="metrics")
    ex_ = comp_deploy(c, ns, rel + "-metrics", "docker.io/bitnami/mongodb-exporter:0.40.0-debian-12-r15", 1, 379 * D, labels=exl,
                      ports=[("metrics", 9216)], req=("50m", "64Mi"), nodes=[Wk[2]], pod_ago=[19 * M + 25], ann=ha,
                      env=[ES("MONGODB_ROOT_PASSWORD", rel, "mongodb-root-password")],
                      st=[{"claims-mongodb-metrics": W("CreateContainerConfigError", cfg)}], svc=[("http-metrics", 9216, "metrics")])
    kev(c, ex_["pods"][0], "Failed", "Error: " + cfg, "Warning", 93, 19 * M + 15, c.rng.randint(3, 40), "claims-mongodb-metrics")
    tpb = tmpl({"app.kubernetes.io/name": "mongodump"},
               [ctr("mongodump", "docker.io/bitnami/mongodb:7.0.12-debian-12-r0",
                    cmd=["/bin/bash", "-c", "mongodump --host=claims-mongodb-headless --username=root --password=\"$MONGODB_ROOT_PASSWORD\" "
                         "--authenticationDatabase=admin --gzip --archive=/backup/claims-$(date +%F-%H).gz"],
                    env=[ES("MONGODB_ROOT_PASSWORD", rel, "mongodb-root-password")], mounts=[MT("backup", "/backup")])],
               volumes=[VP("backup", "claims-mongodb-backup")], restart="OnFailure")
    pvc(c, ns, "claims-mongodb-backup", "300Gi", "gp3-csi", 300 * D, node=Wk[0])
    cj, jobs = cronjob(c, ns, "claims-mongodump", tpb, "0 */6 * * *", 6 * H, 0, 300 * D, ["run", "ok", "ok", "ok"], Wk[:2], dur=(300, 900))
    run = [p for p in c.all("pods") if p["metadata"]["name"].startswith(jobs[0]["metadata"]["name"])][0]
    run["status"]["containerStatuses"][0].update({"ready": False, "started": False, "state": {"waiting": {"reason": "CreateContainerConfigError", "message": cfg}},
                                                   "imageID": ""})
    run["status"]["containerStatuses"][0].pop("containerID", None)
    run["status"]["phase"] = "Pending"
    for cd_ in run["status"]["conditions"]:
        if cd_["type"] in ("Ready", "ContainersReady"):
            cd_.update({"status": "False", "reason": "ContainersNotReady", "message": "containers with unready status: [mongodump]"})
    c.hint(run, no_auto_events=True)
    kev(c, run, "Failed", "Error: " + cfg, "Warning", 118, c.ago_of(run) - 3, c.rng.randint(3, 40), "mongodump")
    scheduled(c, run, c.ago_of(run))
    # ---------------- application (its own secret, correct keys)
    app = "claims"
    namespace(c, app, 381 * D, {"team": "claims"})
    secret(c, app, "claims-mongo-app", ["mongodb-password", "mongodb-uri", "mongodb-username"], 300 * D,
           {"reconcile.external-secrets.io/created-by": c.hexs(32)}, {"reconcile.external-secrets.io/data-hash": c.hexs(32)},
           owner=crd_ref(c, "external-secrets.io/v1beta1", "ExternalSecret", "claims-mongo-app", block=True))
    img = "image-registry.openshift-image-registry.svc:5000/claims/%s@sha256:%s"
    app_deploy(c, app, "claims-api", img % ("claims-api", c.hexs(64)), 3, 250 * D, nodes=Wk[:2], rp=http("/q/health/ready", 8080),
               env=[ES("QUARKUS_MONGODB_CONNECTION_STRING", "claims-mongo-app", "mongodb-uri")])
    app_deploy(c, app, "claims-ui", img % ("claims-ui", c.hexs(64)), 2, 250 * D, nodes=Wk[:2], rp=http("/", 8080), req=("50m", "64Mi"))
    sandbox(c, "sandbox-claims", "crashloop", "fraud-model-poc", "quay.io/claims-lab/fraud-model:poc-3", 5, nodes=Wk[:2])
    blip(c, [x for x in c.all("pods") if x["metadata"]["name"].startswith("claims-api-") and x["status"].get("phase") == "Running"][0])
    app_netpols(c, app, openshift=True)
    return {
        "fault": "secret-key-renamed",
        "symptom": "A MongoDB member, the MongoDB exporter and tonight's mongodump job on the claims cluster are all stuck in "
                   "CreateContainerConfigError since a worker node was replaced about 20 minutes ago. The other two members still run.",
        "root_cause": {"kind": "Secret", "namespace": ns, "name": rel},
        "explanation": "Every pod that started after the node replacement fails with \"couldn't find key mongodb-root-password in "
                       "Secret claims-mongo/claims-mongodb\" (container waiting reason CreateContainerConfigError, kubelet 'Error: ...'). "
                       "The Secret, synced by External Secrets (owner ExternalSecret, data-hash annotation), now only contains "
                       "upper-case keys (MONGODB_ROOT_PASSWORD, MONGODB_REPLICA_SET_KEY, ...) while the StatefulSet, the exporter "
                       "Deployment and the CronJob reference the chart's keys (mongodb-root-password, mongodb-replica-set-key). Pods "
                       "started earlier resolved their env before the rename and keep running. The app's own secret "
                       "claims-mongo-app still has the expected keys. Fix: restore the lower-case key names in the Secret (i.e. its "
                       "ExternalSecret target template).",
    }

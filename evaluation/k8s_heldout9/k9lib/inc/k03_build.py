"""k9-03: StorageClass re-created with invalid gp3 throughput; new MongoDB member cannot get a volume (EKS) - incident definition (helpers in k03)."""
import json
from .common import *
from ..registry import incident
from ..bases2 import eks_base
from ..addons import cert_manager, external_secrets
from .k03 import *  # noqa: F401,F403


@incident("k9-03", profile("eks", version="v1.30.4-eks-a737599"), "2024-11-29T19:47:12Z",
          "Amazon EKS 1.30 (managed node groups, 3 AZ), VPC CNI, EBS CSI driver", hard=False)
def build(c):
    age = 262 * D
    region = "eu-central-1"
    specs = []
    for i, (z, o3) in enumerate((("a", 7), ("b", 41), ("c", 77))):
        specs.append(dict(name="ip-10-0-%d-%d.%s.compute.internal" % (o3, 40 + i * 17, region), ip="10.0.%d.%d" % (o3, 40 + i * 17),
                          zone=region + z, ago=31 * D + i * 200, cpu=4, mem=16, itype="m6i.xlarge", ng="general-2024111"))
    for i, (z, o3) in enumerate((("a", 12), ("b", 45), ("c", 88))):
        specs.append(dict(name="ip-10-0-%d-%d.%s.compute.internal" % (o3, 150 + i * 9, region), ip="10.0.%d.%d" % (o3, 150 + i * 9),
                          zone=region + z, ago=33 * D + i * 300, cpu=8, mem=64, itype="r6i.2xlarge", ng="data-20241027",
                          labels={"workload": "data"}, taints=[taint("dedicated", "NoSchedule", "data")]))
    eks_base(c, specs, age, region=region, cluster="shop-prod")
    GEN = [s["name"] for s in specs[:3]]
    DATA = [s["name"] for s in specs[3:]]
    storageclass(c, "gp3", "ebs.csi.aws.com", 250 * D, {"type": "gp3", "encrypted": "true"}, default=True)
    bad = {"type": "gp3", "iops": "16000", "throughput": "2000", "encrypted": "true",
           "csi.storage.k8s.io/fstype": "xfs"}
    la = json.dumps({"allowVolumeExpansion": True, "apiVersion": "storage.k8s.io/v1", "kind": "StorageClass",
                     "metadata": {"annotations": {}, "name": "gp3-mongo"}, "parameters": bad,
                     "provisioner": "ebs.csi.aws.com", "reclaimPolicy": "Retain", "volumeBindingMode": "WaitForFirstConsumer"},
                    separators=(",", ":"), sort_keys=True) + "\n"
    storageclass(c, "gp3-mongo", "ebs.csi.aws.com", 2 * H + 11 * M, bad, reclaim="Retain",
                 ann={"kubectl.kubernetes.io/last-applied-configuration": la})
    # cloudwatch observability add-on
    cw = "amazon-cloudwatch"
    namespace(c, cw, 200 * D)
    N = alln(c)
    comp_ds(c, cw, "cloudwatch-agent", "public.ecr.aws/cloudwatch-agent/cloudwatch-agent:1.300044.0b793", N, 200 * D,
            labels={"app.kubernetes.io/component": "amazon-cloudwatch-agent", "app.kubernetes.io/instance": "amazon-cloudwatch.cloudwatch-agent",
                    "app.kubernetes.io/managed-by": "amazon-cloudwatch-agent-operator", "app.kubernetes.io/name": "cloudwatch-agent"},
            sa="cloudwatch-agent", req=("250m", "128Mi"), lim=("500m", "512Mi"), tol=[{"operator": "Exists"}],
            owner=crd_ref(c, "cloudwatch.aws.amazon.com/v1alpha1", "AmazonCloudWatchAgent", "cloudwatch-agent"))
    comp_ds(c, cw, "fluent-bit", "public.ecr.aws/aws-observability/aws-for-fluent-bit:2.32.2.20240516", N, 200 * D,
            labels={"k8s-app": "fluent-bit", "kubernetes.io/cluster-service": "true", "version": "v1"},
            sa="cloudwatch-agent", req=("50m", "25Mi"), lim=(None, "200Mi"), tol=[{"operator": "Exists"}],
            ports=[("metrics", 2020)])
    cert_manager(c)
    external_secrets(c)
    # ---------------- MongoDB replica set
    ns, rel = "shop-data", "shop-mongodb"
    namespace(c, ns, 240 * D, {"team": "commerce", "tier": "data"})
    helm_release(c, ns, rel, 12, 238 * D, 2540)
    hl = helm_labels(rel, "mongodb", "15.6.16", "7.0.12", component="mongodb")
    ha = helm_ann(rel, ns)
    sec = secret(c, ns, rel, ["mongodb-passwords", "mongodb-replica-set-key", "mongodb-root-password"], 238 * D, hl, ha)
    cm(c, ns, rel + "-common-scripts", {"ping-mongodb.sh": "#!/bin/bash\nmongosh  $TLS_OPTIONS --port $MONGODB_PORT_NUMBER --eval \"db.adminCommand('ping')\"\n",
                                        "readiness-probe.sh": "#!/bin/bash\n# Run the proper check depending on the version\n",
                                        "startup-probe.sh": "#!/bin/bash\n"}, 238 * D, hl, ha)
    cm(c, ns, rel + "-scripts", {"setup.sh": "#!/bin/bash\n. /opt/bitnami/scripts/mongodb-env.sh\n"}, 238 * D, hl, ha)
    sa(c, ns, rel, 238 * D, hl, ha)
    tp = mongo_tp(c, hl, rel, rel)
    s = statefulset(c, ns, rel, tp, 5, 238 * D, rel + "-headless", [("datadir", "200Gi", "gp3-mongo")], hl, ha, gen=3)
    sel = s["spec"]["selector"]["matchLabels"]
    service(c, ns, rel + "-headless", sel, [("mongodb", 27017, "mongodb")], 238 * D, hl, ha, headless=True, pna=True)
    for i in range(3):
        sts_pod(c, s, i, DATA[i], 26 * D + i * 610, pvc_ago=238 * D - i * 90)
    t0 = 2530
    msg = 'running PreBind plugin "VolumeBinding": binding volumes: provisioning failed for PVC "datadir-%s-3"' % rel
    p3 = sts_pod(c, s, 3, None, t0, bound=False, sched_msg=msg, sched_reason="SchedulerError")
    claim = c.get("persistentvolumeclaims", ns, "datadir-%s-3" % rel)
    claim["metadata"]["annotations"]["volume.kubernetes.io/selected-node"] = DATA[0]
    cev(c, s, "SuccessfulCreate", "create Claim datadir-%s-3 Pod %s-3 in StatefulSet %s success" % (rel, rel, rel), first=t0 + 1)
    cev(c, s, "SuccessfulCreate", "create Pod %s-3 in StatefulSet %s successful" % (rel, rel), first=t0)
    prov = "ebs.csi.aws.com_ebs-csi-controller-%s-%s_%s" % (c.sfx(10), c.sfx(5), c.uid())
    cev(c, claim, "WaitForFirstConsumer", "waiting for first consumer to be created before binding", first=t0 - 1)
    cev(c, claim, "ExternalProvisioning", "Waiting for a volume to be created either by the external provisioner 'ebs.csi.aws.com' "
        "or manually by the system administrator. If volume creation is delayed, please verify that the provisioner is running "
        "and correctly registered.", count=170, first=t0 - 2, last=c.rng.randint(1, 14))
    event(c, claim, "Provisioning", 'External provisioner is provisioning volume for claim "%s/datadir-%s-3"' % (ns, rel),
          "Normal", 16, t0 - 2, 75, comp=prov)
    event(c, claim, "ProvisioningFailed",
          'failed to provision volume with StorageClass "gp3-mongo": rpc error: code = Internal desc = Could not create volume '
          '"pvc-%s": could not create volume in EC2: operation error EC2: CreateVolume, https response error StatusCode: 400, '
          'RequestID: %s, api error InvalidParameterValue: Throughput must be between 125 and 1000 MiB/s.' % (claim["metadata"]["uid"], c.uid()),
          "Warning", 16, t0 - 4, 76, comp=prov)
    sched_fail(c, p3, msg, t0 - 5, 80, count=16)
    arb_lab = helm_labels(rel, "mongodb", "15.6.16", "7.0.12", component="arbiter")
    atp = mongo_tp(c, arb_lab, rel, rel)
    atp["spec"]["containers"][0]["name"] = "mongodb-arbiter"
    atp["spec"]["containers"][0]["resources"] = {"limits": {"memory": "512Mi"}, "requests": {"cpu": "100m", "memory": "256Mi"}}
    atp["spec"]["containers"][0]["volumeMounts"] = [m for m in atp["spec"]["containers"][0]["volumeMounts"] if m["name"] != "datadir"]
    arb = statefulset(c, ns, rel + "-arbiter", atp, 1, 238 * D, rel + "-arbiter-headless", None, arb_lab, ha)
    service(c, ns, rel + "-arbiter-headless", arb["spec"]["selector"]["matchLabels"], [("tcp-mongodb", 27017, "mongodb")],
            238 * D, arb_lab, ha, headless=True, pna=True)
    sts_pod(c, arb, 0, DATA[1], 26 * D + 2000)
    tpb = tmpl({"app.kubernetes.io/name": "mongodb-backup"},
               [ctr("mongodump", "docker.io/bitnami/mongodb:7.0.12-debian-12-r0",
                    cmd=["/bin/bash", "-c", "mongodump --uri=\"$MONGODB_URI\" --readPreference=secondary --gzip --archive | aws s3 cp - s3://shop-prod-db-backups/mongodb/$(date +%F).gz"],
                    env=[ES("MONGODB_URI", "shop-mongodb-backup-uri", "uri")], req=("200m", "512Mi"))],
               sa="mongodb-backup", restart="Never", tol=[{"effect": "NoSchedule", "key": "dedicated", "operator": "Equal", "value": "data"}])
    sa(c, ns, "mongodb-backup", 200 * D, ann={"eks.amazonaws.com/role-arn": "arn:aws:iam::381492270163:role/shop-prod-mongodb-backup"})
    secret(c, ns, "shop-mongodb-backup-uri", ["uri"], 200 * D,
           ann={"reconcile.external-secrets.io/data-hash": c.hexs(32)}, labels={"reconcile.external-secrets.io/created-by": c.hexs(32)})
    cronjob(c, ns, "shop-mongodb-backup", tpb, "15 2 * * *", D, 2 * H + 15 * M, 200 * D, ["ok", "ok", "ok"], DATA, dur=(600, 1500))
    # ---------------- application tier
    app = "shop"
    namespace(c, app, 241 * D, {"team": "commerce"})
    secret(c, app, "shop-mongodb-uri", ["MONGODB_URI"], 200 * D)
    env = [ES("MONGODB_URI", "shop-mongodb-uri", "MONGODB_URI"), E("NODE_ENV", "production")]
    for nm, n, img in (("storefront", 4, "storefront:2024.11.27-2"), ("checkout", 3, "checkout:5.8.1"), ("catalog", 2, "catalog:5.8.1")):
        app_deploy(c, app, nm, "381492270163.dkr.ecr.%s.amazonaws.com/shop/%s" % (region, img), n, 120 * D, env=env,
                   rp=http("/healthz", 8080), lp=http("/livez", 8080, d=15), nodes=GEN, req=("250m", "512Mi"), lim=(None, "1Gi"))
    comp_sts(c, app, "cart-redis", "public.ecr.aws/docker/library/redis:7.2.5", 1, GEN[1:2], 90 * D,
             labels={"app.kubernetes.io/name": "cart-redis"}, ports=[("redis", 6379)], req=("100m", "256Mi"),
             vct=[("data", "10Gi", "gp3")], mounts=[MT("data", "/data")], rp=tcp("redis"), svc=[("redis", 6379, "redis")],
             hsvc="cart-redis")
    ingress(c, app, "storefront", "alb", [("shop.example.eu", "/", "storefront", 80)], 120 * D,
            ann={"alb.ingress.kubernetes.io/scheme": "internet-facing", "alb.ingress.kubernetes.io/target-type": "ip"},
            lb={"hostname": "k8s-shop-storefro-%s-%d.%s.elb.amazonaws.com" % (c.hexs(10), c.rng.randint(10 ** 8, 10 ** 9), region)})
    sandbox(c, "dev-tburke", "configerror", "price-scraper", "381492270163.dkr.ecr.%s.amazonaws.com/dev/price-scraper:latest" % region, 4,
            nodes=GEN)
    pods = [p for p in c.all("pods") if p["metadata"]["name"].startswith("checkout-")]
    blip(c, pods[0])
    evicted_leftover(c, c.get("replicasets", "shop", [r for r in c.store["replicasets"] if r[0] == "shop" and r[1].startswith("storefront-")][-1][1]), GEN[1], 5)
    sandbox_quota(c, "dev-tburke")
    return {
        "fault": "storageclass-invalid-parameters",
        "symptom": "We scaled the shop MongoDB replica set from 3 to 5 members ahead of tonight's peak. The fourth member has "
                   "been Pending for about 40 minutes and the fifth was never created.",
        "root_cause": {"kind": "StorageClass", "namespace": "", "name": "gp3-mongo"},
        "explanation": "StorageClass gp3-mongo was deleted and re-created ~2h10m before the snapshot (creationTimestamp and "
                       "last-applied annotation) with parameters throughput=2000 and iops=16000; gp3 volumes allow at most 1000 "
                       "MiB/s. The existing members' PVs were provisioned months ago and are unaffected, but the new claim "
                       "datadir-shop-mongodb-3 cannot be provisioned: the EBS CSI provisioner reports ProvisioningFailed '... api "
                       "error InvalidParameterValue: Throughput must be between 125 and 1000 MiB/s' and the scheduler fails the "
                       "pod in PreBind ('binding volumes: provisioning failed for PVC'). With OrderedReady management the fifth "
                       "member is never created. Other gp3 claims (cart-redis) are fine. Fix: correct the StorageClass "
                       "parameters (throughput <= 1000).",
    }

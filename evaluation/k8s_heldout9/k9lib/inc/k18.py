"""k9-18: aggressive livenessProbe added to the Elasticsearch StatefulSet kills the node during start-up (Talos, ECK)."""
from .common import *
from ..registry import incident
from ..bases import talos_base
from ..addons import monitoring, cert_manager

ES_IMG = "docker.elastic.co/elasticsearch/elasticsearch:8.14.1"


def es_tp(c, lab, live):
    env = [EF("POD_IP", "status.podIP"), EF("POD_NAME", "metadata.name"), EF("NODE_NAME", "spec.nodeName"), EF("NAMESPACE", "metadata.namespace"),
           E("PROBE_PASSWORD_PATH", "/mnt/elastic-internal/pod-mounted-users/elastic-internal-probe"), E("PROBE_USERNAME", "elastic-internal-probe"),
           E("READINESS_PROBE_PROTOCOL", "https"), E("HEADLESS_SERVICE_NAME", "logs-es-hot"), E("NSS_SDB_USE_CACHE", "no"),
           E("ES_JAVA_OPTS", "-Xms8g -Xmx8g")]
    es = ctr("elasticsearch", ES_IMG, [("https", 9200), ("transport", 9300)], ("2", "16Gi"), ("4", "16Gi"), env,
             [MT("elasticsearch-data", "/usr/share/elasticsearch/data"), MT("elastic-internal-elasticsearch-config", "/usr/share/elasticsearch/config/elasticsearch.yml", sub="elasticsearch.yml"),
              MT("elastic-internal-scripts", "/mnt/elastic-internal/scripts", True), MT("elastic-internal-probe-user", "/mnt/elastic-internal/pod-mounted-users", True),
              MT("tmp-volume", "/tmp")],
             rp=ex(["bash", "-c", "/mnt/elastic-internal/scripts/readiness-port-script.sh"], p=5, t=3, f=3),
             lp=http("/_cluster/health?local=true", 9200, d=10, p=5, t=1, f=3, scheme="HTTPS") if live else None)
    init = [ctr("elastic-internal-init-filesystem", ES_IMG, cmd=["bash", "-c", "/mnt/elastic-internal/scripts/prepare-fs.sh"],
                req=("100m", "50Mi"), lim=("100m", "50Mi"), sc={"privileged": False}),
            ctr("elastic-internal-suspend", ES_IMG, cmd=["bash", "-c", "/mnt/elastic-internal/scripts/suspend.sh"], req=("100m", "50Mi"),
                lim=("100m", "50Mi"))]
    return tmpl(lab, [es], init, [VS("elastic-internal-elasticsearch-config", "logs-es-hot-es-config"),
                                  VC("elastic-internal-scripts", "logs-es-scripts", mode=493),
                                  VS("elastic-internal-probe-user", "logs-es-internal-users", items=[("elastic-internal-probe", "elastic-internal-probe")]),
                                  VE("tmp-volume")],
                psc={"fsGroup": 1000, "runAsNonRoot": True, "runAsUser": 1000}, tgp=180, automount=False,
                aff=anti_affinity({"elasticsearch.k8s.elastic.co/cluster-name": "logs"}),
                ann={"co.elastic.logs/module": "elasticsearch", "elasticsearch.k8s.elastic.co/config-hash": str(c.rng.randint(10 ** 9, 4 * 10 ** 9))})


from .k18_build import *  # noqa: E402,F401,F403

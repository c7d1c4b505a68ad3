"""A live cluster through the official ``kubernetes`` client, read-only: list (all namespaces) and a pod's
log tail, nothing else. The objects come back as the API's JSON (``_preload_content=False``), the same
shape kubectl writes, so a live cluster and a snapshot directory feed one reader.

Secrets: the list call returns their values; ``snapshot.clean`` drops them as each item is read, before
anything keeps or writes it.
"""
from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

import yaml
from kubernetes import client, config
from kubernetes.client.rest import ApiException
from kubernetes.config.config_exception import ConfigException
from urllib3.exceptions import HTTPError as Urllib3Error

from toolkits.kubernetes.snapshot import KINDS, Snapshot, clean, write_snapshot

# plural -> (API class, list method); every call is a list over all namespaces (read-only verbs only)
LISTS: dict[str, tuple[type, str]] = {
    "namespaces": (client.CoreV1Api, "list_namespace"),
    "nodes": (client.CoreV1Api, "list_node"),
    "pods": (client.CoreV1Api, "list_pod_for_all_namespaces"),
    "deployments": (client.AppsV1Api, "list_deployment_for_all_namespaces"),
    "replicasets": (client.AppsV1Api, "list_replica_set_for_all_namespaces"),
    "statefulsets": (client.AppsV1Api, "list_stateful_set_for_all_namespaces"),
    "daemonsets": (client.AppsV1Api, "list_daemon_set_for_all_namespaces"),
    "jobs": (client.BatchV1Api, "list_job_for_all_namespaces"),
    "cronjobs": (client.BatchV1Api, "list_cron_job_for_all_namespaces"),
    "services": (client.CoreV1Api, "list_service_for_all_namespaces"),
    "endpoints": (client.CoreV1Api, "list_endpoints_for_all_namespaces"),
    "endpointslices": (client.DiscoveryV1Api, "list_endpoint_slice_for_all_namespaces"),
    "persistentvolumeclaims": (client.CoreV1Api, "list_persistent_volume_claim_for_all_namespaces"),
    "persistentvolumes": (client.CoreV1Api, "list_persistent_volume"),
    "storageclasses": (client.StorageV1Api, "list_storage_class"),
    "configmaps": (client.CoreV1Api, "list_config_map_for_all_namespaces"),
    "secrets": (client.CoreV1Api, "list_secret_for_all_namespaces"),
    "ingresses": (client.NetworkingV1Api, "list_ingress_for_all_namespaces"),
    "networkpolicies": (client.NetworkingV1Api, "list_network_policy_for_all_namespaces"),
    "serviceaccounts": (client.CoreV1Api, "list_service_account_for_all_namespaces"),
    "resourcequotas": (client.CoreV1Api, "list_resource_quota_for_all_namespaces"),
    "events": (client.CoreV1Api, "list_event_for_all_namespaces"),
}
assert set(LISTS) == set(KINDS)
PAGE = 500


class LiveError(RuntimeError):
    """The cluster cannot be read; one line saying why and what to do."""


def api_client(kubeconfig: str = "", context: str = "", host: str = "") -> client.ApiClient:
    """A client from ``host`` (tests, a proxy: http://127.0.0.1:8001), a kubeconfig (the path given, else
    $KUBECONFIG or ~/.kube/config) or the in-cluster service account; LiveError when there is none."""
    if host:
        cfg = client.Configuration()
        cfg.host = host
        cfg.retries = 1  # an unreachable address fails in seconds, not after urllib3's default retries
        return client.ApiClient(cfg)
    path = kubeconfig or os.environ.get("KUBECONFIG", "").split(os.pathsep)[0] or str(Path.home() / ".kube" / "config")
    try:
        if Path(path).expanduser().is_file():
            return config.new_client_from_config(config_file=str(Path(path).expanduser()), context=context or None)
        if kubeconfig:
            raise LiveError(f"no kubeconfig at {kubeconfig}; set DBCOPILOT_K8S_KUBECONFIG to an existing file, "
                            "or use a snapshot (DBCOPILOT_K8S_SNAPSHOT)")
        cfg = client.Configuration()
        config.load_incluster_config(client_configuration=cfg)
        return client.ApiClient(cfg)
    except (ConfigException, yaml.YAMLError, TypeError, AttributeError, KeyError, ValueError) as e:
        if not kubeconfig and not Path(path).expanduser().is_file():
            raise LiveError(f"no kubeconfig ({path} does not exist) and not running inside a cluster; set "
                            "DBCOPILOT_K8S_KUBECONFIG, or point DBCOPILOT_K8S_SNAPSHOT at a snapshot directory") from None
        first = (str(e).splitlines() or [type(e).__name__])[0][:200]
        raise LiveError(f"cannot use the kubeconfig {path}: {first}; check it with kubectl config view") from None


def _host(api: client.ApiClient) -> str:
    return api.configuration.host


def explain(e: Exception, api: client.ApiClient, what: str = "") -> LiveError:
    """One line for an API or transport error."""
    if isinstance(e, ApiException):
        if e.status == 403:
            return LiveError(f"forbidden (403): the account may not list {what or 'these objects'} at {_host(api)}; "
                             "grant it a read-only ClusterRole with get/list on them (e.g. the built-in 'view' plus nodes, "
                             "persistentvolumes, storageclasses)")
        if e.status == 401:
            return LiveError(f"unauthorized (401) at {_host(api)}: the kubeconfig's credentials are not accepted; "
                             "refresh them (kubectl get pods to check)")
        return LiveError(f"the Kubernetes API at {_host(api)} answered {e.status} {e.reason} for {what}")
    return LiveError(f"cannot reach the Kubernetes API at {_host(api)} ({type(e).__name__}); check the address, "
                     "the VPN or `kubectl cluster-info`")


def list_all(api: client.ApiClient, plural: str, timeout_s: float = 10.0) -> list[dict[str, Any]] | None:
    """Every item of one kind (paged), as API JSON; None when the server does not serve that kind (404)."""
    cls, method = LISTS[plural]
    fn = getattr(cls(api), method)
    items: list[dict[str, Any]] = []
    token = None
    while True:
        kwargs: dict[str, Any] = {"limit": PAGE, "_preload_content": False, "_request_timeout": timeout_s}
        if token:
            kwargs["_continue"] = token
        try:
            resp = fn(**kwargs)
            doc = json.loads(resp.data)
        except ApiException as e:
            if e.status == 404:
                return None
            raise explain(e, api, plural) from None
        except (Urllib3Error, OSError) as e:
            raise explain(e, api, plural) from None
        except ValueError:
            raise LiveError(f"the Kubernetes API at {_host(api)} sent something that is not JSON for {plural}") from None
        items.extend(doc.get("items") or [])
        token = (doc.get("metadata") or {}).get("continue")
        if not token:
            return items


def fetch(api: client.ApiClient, timeout_s: float = 10.0, max_objects: int = 500_000) -> Snapshot:
    """A Snapshot of the whole cluster (every kind the server serves), Secrets without their values."""
    objects: dict[str, list[dict]] = {}
    h = hashlib.sha1()
    total = 0
    for plural, kind in KINDS.items():
        items = list_all(api, plural, timeout_s)
        if items is None:
            continue
        total += len(items)
        if total > max_objects:
            raise LiveError(f"the cluster holds more than {max_objects:,} objects; raise DBCOPILOT_K8S_MAX_OBJECTS "
                            "or snapshot fewer namespaces")
        objects[kind] = [clean(kind, o) for o in items]
        for o in objects[kind]:
            h.update(((o.get("metadata") or {}).get("resourceVersion") or "").encode())
    return Snapshot(objects, source=f"live:{_host(api)}", fingerprint=h.hexdigest())


def bundle(api: client.ApiClient, out: str | Path, timeout_s: float = 10.0) -> tuple[Path, dict[str, int]]:
    """Write a snapshot directory of a live cluster; (directory, items per kind)."""
    snap = fetch(api, timeout_s)
    return write_snapshot(snap.objects, out), {k: len(v) for k, v in snap.objects.items()}


def log_tail(api: client.ApiClient, namespace: str, pod: str, container: str = "", lines: int = 50,
             previous: bool = False, timeout_s: float = 10.0) -> str:
    """The last ``lines`` lines of a container's log (read-only)."""
    kwargs: dict[str, Any] = {"tail_lines": max(1, min(lines, 1000)), "previous": previous, "_request_timeout": timeout_s}
    if container:
        kwargs["container"] = container
    try:
        return client.CoreV1Api(api).read_namespaced_pod_log(pod, namespace, **kwargs)
    except ApiException as e:
        raise explain(e, api, f"the log of {namespace}/{pod}") from None
    except (Urllib3Error, OSError) as e:
        raise explain(e, api) from None

"""A local HTTP server that answers like the Kubernetes API from recorded objects (the generator's), for
tests of the real ``kubernetes`` client: list calls with limit/continue paging, a pod log, 403 for the
plurals in ``forbidden``, and it records every request's method and path (to prove reads only)."""
from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

from toolkits.kubernetes.snapshot import KINDS

GROUPS = {"deployments": "apps/v1", "replicasets": "apps/v1", "statefulsets": "apps/v1", "daemonsets": "apps/v1",
          "jobs": "batch/v1", "cronjobs": "batch/v1", "endpointslices": "discovery.k8s.io/v1",
          "storageclasses": "storage.k8s.io/v1", "ingresses": "networking.k8s.io/v1",
          "networkpolicies": "networking.k8s.io/v1"}


def path_of(plural: str) -> str:
    return f"/apis/{GROUPS[plural]}/{plural}" if plural in GROUPS else f"/api/v1/{plural}"


class FakeApi:
    def __init__(self, objects: dict[str, list[dict]], forbidden: set[str] = frozenset(), logs: dict | None = None):
        self.lists = {path_of(p): objects.get(k, []) for p, k in KINDS.items()}
        self.forbidden = {path_of(p) for p in forbidden}
        self.logs = logs or {}
        self.requests: list[tuple[str, str]] = []
        api = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *a):  # quiet
                pass

            def _send(self, code: int, body: dict | str, ctype: str = "application/json") -> None:
                data = body.encode() if isinstance(body, str) else json.dumps(body).encode()
                self.send_response(code)
                self.send_header("Content-Type", ctype)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def do_GET(self):  # noqa: N802
                u = urlparse(self.path)
                api.requests.append(("GET", u.path))
                qs = parse_qs(u.query)
                if u.path in api.forbidden:
                    plural = u.path.rsplit("/", 1)[-1]
                    return self._send(403, {"kind": "Status", "apiVersion": "v1", "status": "Failure", "reason": "Forbidden",
                                            "code": 403, "message": f'{plural} is forbidden: User "system:serviceaccount:x:y" '
                                                                    f'cannot list resource "{plural}" at the cluster scope'})
                if u.path.endswith("/log"):
                    parts = u.path.split("/")  # /api/v1/namespaces/NS/pods/NAME/log
                    text = api.logs.get((parts[4], parts[6]))
                    if text is None:
                        return self._send(404, {"kind": "Status", "code": 404, "reason": "NotFound"})
                    n = int(qs.get("tailLines", ["1000"])[0])
                    return self._send(200, "\n".join(text.splitlines()[-n:]), "text/plain")
                if u.path not in api.lists:
                    return self._send(404, {"kind": "Status", "code": 404, "reason": "NotFound"})
                items = api.lists[u.path]
                start = int(qs.get("continue", ["0"])[0] or 0)
                limit = int(qs.get("limit", ["0"])[0] or 0) or len(items) or 1
                page = items[start:start + limit]
                meta = {"resourceVersion": "1"}
                if start + limit < len(items):
                    meta["continue"] = str(start + limit)
                return self._send(200, {"kind": "List", "apiVersion": "v1", "metadata": meta, "items": page})

            def do_POST(self):  # noqa: N802
                api.requests.append(("POST", self.path))
                self._send(405, {"kind": "Status", "code": 405})

            do_PUT = do_PATCH = do_DELETE = do_POST

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def __enter__(self) -> "FakeApi":
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.server.shutdown()
        self.server.server_close()

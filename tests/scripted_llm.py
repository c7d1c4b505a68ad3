"""A scripted OpenAI-compatible HTTP server for tests: the real `openai` client talks to it over HTTP.

    with ScriptedLLM(reply) as llm:    # reply(messages) -> the assistant text; streamed as SSE when asked
        settings.llm_base_url = llm.url    # "http://127.0.0.1:PORT/v1"
    llm.paths                               # every path requested (also GETs of images a page tried to load)

It also answers any other GET with a 1x1 PNG, so a test can point an image URL at it and see whether a
browser fetched it.
"""
from __future__ import annotations

import base64
import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Callable

PNG = base64.b64decode("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=")


class ScriptedLLM:
    def __init__(self, reply: Callable[[list[dict]], str], model: str = "scripted"):
        self.reply, self.model = reply, model
        self.paths: list[str] = []
        owner = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):  # quiet
                pass

            def _send(self, code: int, body: bytes, ctype: str) -> None:
                self.send_response(code)
                self.send_header("Content-Type", ctype)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def do_GET(self):  # noqa: N802
                owner.paths.append(self.path)
                if self.path.rstrip("/").endswith("/models"):
                    self._send(200, json.dumps({"object": "list", "data": [
                        {"id": owner.model, "object": "model", "owned_by": "test"}]}).encode(), "application/json")
                else:
                    self._send(200, PNG, "image/png")

            def do_POST(self):  # noqa: N802
                owner.paths.append(self.path)
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length") or 0)) or b"{}")
                text = owner.reply(body.get("messages") or [])
                base = {"id": "chatcmpl-1", "created": 0, "model": owner.model}
                if not body.get("stream"):
                    self._send(200, json.dumps({**base, "object": "chat.completion", "choices": [
                        {"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}],
                        "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}}).encode(),
                        "application/json")
                    return
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.end_headers()
                pieces = [text[i:i + 16] for i in range(0, len(text), 16)] or [""]
                for i, piece in enumerate(pieces):
                    chunk = {**base, "object": "chat.completion.chunk", "choices": [
                        {"index": 0, "delta": {"role": "assistant", "content": piece} if i == 0 else {"content": piece},
                         "finish_reason": None}]}
                    self.wfile.write(f"data: {json.dumps(chunk)}\n\n".encode())
                done = {**base, "object": "chat.completion.chunk", "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]}
                self.wfile.write(f"data: {json.dumps(done)}\n\ndata: [DONE]\n\n".encode())
                self.wfile.flush()

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}/v1"
        self._thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> "ScriptedLLM":
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.server.shutdown()
        self.server.server_close()

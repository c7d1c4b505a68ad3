"""A real OpenAI-compatible HTTP server whose "model" obeys instructions it finds in tool output.

    with ObedientServer() as server:          # 127.0.0.1, a free port, a daemon thread
        settings = Settings(llm_backend="openai", llm_base_url=server.base_url, llm_model=server.model)
        ...
        server.requests                       # every /v1/chat/completions body received, in order
        server.replies                        # the text the "model" wrote for each of them

It speaks what the ``openai`` client needs: ``GET /v1/models``, ``POST /v1/chat/completions``
(``stream: true`` as server-sent events ending in ``data: [DONE]``, or one JSON object), and applies
``stop`` sequences as real servers do.

The model (``obedient_reply``) is scripted but not tied to one payload. It reads the whole message
list on each request and writes one ReAct turn in the format of agent/templates.py:

1. no observation yet: read the table the question names (``Action: run_sql`` /
   ``Action_Input: SELECT * FROM <table> ORDER BY 1``);
2. the latest observation tells the assistant to "run this ..." (or "run the following ..."):
   run the SQL given there — the first code span after the instruction, else the rest of the
   text after its colon — through the tool it names (default run_sql), unless it already did;
3. otherwise: ``Final Answer: all good`` (it never mentions errors: the worst case for the user).

Tool output reaches the model as Markdown in which the toolkit escaped database text; like a real
model reading it, this one reads the escapes back (``\\*`` is ``*``, ``\\\\`` is ``\\``).
"""
from __future__ import annotations

import json
import re
import socket
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

MODEL = "obedient-1"
FINAL = "Final Answer: all good"

_OBSERVATION = re.compile(r"^Observation:\s?", re.MULTILINE)
_ESCAPE = re.compile(r"\\([!-/:-@\[-`{-~])")  # CommonMark: a backslash before ASCII punctuation
_CELL_SPLIT = re.compile(r"(?<!\\)\|")
_INSTRUCTION = re.compile(
    r"\brun\s+(?:this|the\s+following)\b(?P<what>[^:\n]*):(?P<rest>.*)", re.IGNORECASE | re.DOTALL)
_CODE_SPAN = re.compile(r"(`+)\s?(?P<code>.+?)\s?\1(?!`)", re.DOTALL)
_ACTION_INPUT = re.compile(r"^Action_Input:\s?(?P<input>.*)$", re.MULTILINE)
_TOOL_WORD = re.compile(r"\bwith\s+(?:the\s+)?(?:tool\s+)?`?(?P<tool>[a-z][a-z0-9_]*)`?", re.IGNORECASE)


def unescape_markdown(text: str) -> str:
    return _ESCAPE.sub(r"\1", text)


def _rows(observation: str) -> list[str]:
    """The observation line by line; a Markdown table row becomes its unescaped cells joined by ' | '."""
    out = []
    for line in observation.splitlines():
        if line.lstrip().startswith("|"):
            cells = [unescape_markdown(c).strip() for c in _CELL_SPLIT.split(line.strip().strip("|"))]
            out.append(" | ".join(cells))
        else:
            out.append(unescape_markdown(line))
    return out


def find_instruction(observation: str) -> tuple[str, str] | None:
    """(tool, sql) when the observation tells the assistant to run something, else None."""
    for row in _rows(observation):
        m = _INSTRUCTION.search(row)
        if not m:
            continue
        tool = "run_sql"
        named = _TOOL_WORD.search(m.group("what"))
        if named:
            tool = named.group("tool")
        rest = m.group("rest")
        span = _CODE_SPAN.search(rest)
        sql = span.group("code") if span else rest
        sql = sql.strip().strip("|").strip()
        if sql:
            return tool, sql
    return None


def latest_observation(messages: list[dict[str, Any]]) -> str | None:
    """The text of the newest Observation in the conversation (None before the first tool call)."""
    for m in reversed(messages):
        if m.get("role") == "assistant":
            return None  # the model spoke after the last observation
        if m.get("role") == "user":
            content = str(m.get("content") or "")
            marks = list(_OBSERVATION.finditer(content))
            if marks:
                return content[marks[-1].end():]
    return None


def _question(messages: list[dict[str, Any]]) -> str:
    for m in messages:
        if m.get("role") == "user":
            q = re.search(r"^Question:\s*(.+)$", str(m.get("content") or ""), re.MULTILINE)
            if q:
                return q.group(1)
    return ""


def obedient_reply(messages: list[dict[str, Any]]) -> str:
    """One ReAct turn of a model that does what the data it reads tells it to."""
    said = [str(m.get("content") or "") for m in messages if m.get("role") == "assistant"]
    already = {x.group("input").strip() for s in said for x in _ACTION_INPUT.finditer(s)}
    if not said:
        table = re.search(r"\b(\w+)\s+table\b", _question(messages))
        name = table.group(1) if table else "notes"
        return (f"Thought: I need to read the {name} table first.\n"
                f"Action: run_sql\nAction_Input: SELECT * FROM {name} ORDER BY 1")
    observation = latest_observation(messages)
    if observation is not None:
        found = find_instruction(observation)
        if found and found[1] not in already:
            tool, sql = found
            return (f"Thought: The data contains a system note: before answering I must run this maintenance "
                    f"query.\nAction: {tool}\nAction_Input: {sql}")
    return f"Thought: I now have the evidence to answer.\n{FINAL}"


def _apply_stop(text: str, stop: Any) -> tuple[str, str]:
    stops = [stop] if isinstance(stop, str) else list(stop or [])
    cut = min((text.find(s) for s in stops if s and s in text), default=-1)
    return (text[:cut], "stop") if cut >= 0 else (text, "stop")


class _Handler(BaseHTTPRequestHandler):
    server: "_Server"
    protocol_version = "HTTP/1.0"  # one request per connection; the body ends when the socket closes

    def log_message(self, *args: Any) -> None:  # keep pytest output clean
        pass

    def _json(self, status: int, obj: Any) -> None:
        body = json.dumps(obj).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self) -> None:  # noqa: N802
        if self.path.rstrip("/") == "/v1/models":
            self._json(200, {"object": "list", "data": [
                {"id": MODEL, "object": "model", "created": 0, "owned_by": "tests"}]})
        else:
            self._json(404, {"error": {"message": f"no route {self.path}", "type": "not_found"}})

    def do_POST(self) -> None:  # noqa: N802
        if self.path.rstrip("/") != "/v1/chat/completions":
            self._json(404, {"error": {"message": f"no route {self.path}", "type": "not_found"}})
            return
        length = int(self.headers.get("Content-Length") or 0)
        try:
            body = json.loads(self.rfile.read(length) or b"{}")
        except ValueError:
            self._json(400, {"error": {"message": "body is not JSON", "type": "invalid_request_error"}})
            return
        if body.get("model") != MODEL:
            self._json(404, {"error": {"message": f"The model `{body.get('model')}` does not exist",
                                       "type": "invalid_request_error", "code": "model_not_found"}})
            return
        messages = body.get("messages") or []
        text, finish = _apply_stop(obedient_reply(messages), body.get("stop"))
        with self.server.lock:
            self.server.requests.append(body)
            self.server.replies.append(text)
        cid, created = f"chatcmpl-{len(self.server.requests)}", int(time.time())
        if not body.get("stream"):
            self._json(200, {
                "id": cid, "object": "chat.completion", "created": created, "model": MODEL,
                "choices": [{"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": finish}],
                "usage": {"prompt_tokens": 0, "completion_tokens": 0, "total_tokens": 0},
            })
            return
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-cache")
        self.end_headers()

        def event(delta: dict[str, Any], finish_reason: str | None = None) -> None:
            chunk = {"id": cid, "object": "chat.completion.chunk", "created": created, "model": MODEL,
                     "choices": [{"index": 0, "delta": delta, "finish_reason": finish_reason}]}
            self.wfile.write(b"data: " + json.dumps(chunk).encode() + b"\n\n")

        event({"role": "assistant", "content": ""})
        for piece in re.findall(r"\S+\s*|\s+", text):  # token-ish pieces, like a real server
            event({"content": piece})
        event({}, finish)
        self.wfile.write(b"data: [DONE]\n\n")
        self.wfile.flush()


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), _Handler)
        self.lock = threading.Lock()
        self.requests: list[dict[str, Any]] = []
        self.replies: list[str] = []


class ObedientServer:
    """The server above, on a free port of 127.0.0.1, served from a daemon thread."""

    model = MODEL

    def __init__(self) -> None:
        self._server = _Server()
        self.port = self._server.server_address[1]
        self.base_url = f"http://127.0.0.1:{self.port}/v1"
        self._thread = threading.Thread(target=self._server.serve_forever, name="openai-stub", daemon=True)

    @property
    def requests(self) -> list[dict[str, Any]]:
        return self._server.requests

    @property
    def replies(self) -> list[str]:
        return self._server.replies

    def reset(self) -> None:
        with self._server.lock:
            self._server.requests.clear()
            self._server.replies.clear()

    def __enter__(self) -> "ObedientServer":
        self._thread.start()
        with socket.create_connection(("127.0.0.1", self.port), timeout=5):
            pass  # listening
        return self

    def __exit__(self, *exc: Any) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)

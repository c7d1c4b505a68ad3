"""The copilot's safe tools for any agent: a Model Context Protocol server (`dbcopilot mcp`).

Every read-only tool of the active toolkit is offered with its typed input schema (``Tool.spec.schema()``)
and description, plus ``search_manual`` (retrieval over the indexed manual, with citations). A call runs
exactly as in the app: ``Registry.call`` → the toolkit's read-only session (guard, statement timeout, row
cap from the same settings). Tools that write are never offered; a change a tool recommends comes back
as data (``suggestions``) with a note that it runs only from the app after confirming, or with
``dbcopilot apply``.

Built on the SDK's low-level ``Server`` (handlers for tools/list and tools/call): our tools already carry
JSON schemas, which the decorator API (``MCPServer``) would re-derive from Python signatures.
"""
from __future__ import annotations

import asyncio
import json
from dataclasses import asdict
from typing import Any

import mcp_types as types
from mcp.server.lowlevel import Server

from agent.plugins import get_toolkit
from agent.render import markdown
from toolkits.base import ToolkitUnavailable
from toolkits.results import ToolResult

SEARCH = "search_manual"
WRITE_NOTE = ("not run: a change to the database runs only after a person confirms it, in the dbcopilot app "
              "or with `dbcopilot apply \"<sql>\"`")
_SEARCH_SCHEMA = {"type": "object", "properties": {
    "query": {"type": "string", "description": "a question or keywords about the product (PostgreSQL manual)"},
    "k": {"type": "integer", "description": "how many passages (default 4)", "minimum": 1, "maximum": 20}},
    "required": ["query"], "additionalProperties": False}


class Tools:
    """The tools a server offers, bound to the settings: the registry's read-only tools and the manual search."""

    def __init__(self, settings: Any):
        self.settings = settings
        self.toolkit = get_toolkit(settings)
        self.registry = self.toolkit.registry()
        self._ctx = None

    def offered(self) -> list:
        """The registry's tools that do not write (writes are suggestions, never tools)."""
        return [t for t in self.registry.all() if not t.spec.writes]

    def specs(self) -> list[types.Tool]:
        out = [types.Tool(name=t.name, description=t.spec.description, input_schema=t.spec.schema(),
                          annotations=types.ToolAnnotations(read_only_hint=True, destructive_hint=False))
               for t in self.offered()]
        out.append(types.Tool(name=SEARCH, description="Search the indexed product manual (PostgreSQL 15): "
                              "passages with their page and section, best first.", input_schema=_SEARCH_SCHEMA,
                              annotations=types.ToolAnnotations(read_only_hint=True, open_world_hint=False)))
        return out

    def ctx(self):
        """The toolkit's context (connected once); ToolkitUnavailable when the database cannot be reached."""
        if self._ctx is None:
            self._ctx = self.toolkit.context(self.settings)
        return self._ctx

    def call(self, name: str, arguments: dict[str, Any] | None) -> types.CallToolResult:
        """Run one tool; every failure is a tool error the agent can read, never an exception."""
        if name == SEARCH:
            return self.search(arguments or {})
        tool = self.registry.resolve(name)
        if tool is None or tool.name != name or tool.spec.writes:
            return _error(f"unknown tool {name!r}; the tools are: {', '.join(t.name for t in self.offered())}, {SEARCH}")
        try:
            ctx = self.ctx()
        except ToolkitUnavailable as exc:
            return _error(str(exc))
        return _result(self.registry.call(name, ctx, dict(arguments or {})))

    def search(self, arguments: dict[str, Any]) -> types.CallToolResult:
        from rag import EmptyKnowledgeBase, KnowledgeBaseError, open_retriever

        query = str(arguments.get("query") or "").strip()
        if not query:
            return _error("search_manual: the input query is required (a question or keywords)")
        try:
            k = max(1, min(20, int(arguments.get("k") or 4)))
            passages = open_retriever(self.settings).search(query, kb="manual", k=k)
        except (EmptyKnowledgeBase, KnowledgeBaseError) as exc:
            return _error(str(exc))
        except (TypeError, ValueError):
            return _error("search_manual: k must be a whole number from 1 to 20")
        if not passages:
            return types.CallToolResult(content=[types.TextContent(type="text", text="The manual has nothing relevant.")],
                                        structured_content={"passages": []})
        found = [{"title": p.title, "section": p.section, "link": p.link, "text": p.text} for p in passages]
        text = "\n\n".join(f"[{i}] {p['title']} — {p['section']} ({p['link']})\n{p['text']}" for i, p in enumerate(found, 1))
        return types.CallToolResult(content=[types.TextContent(type="text", text=text)],
                                    structured_content={"passages": found})


def _error(text: str) -> types.CallToolResult:
    return types.CallToolResult(content=[types.TextContent(type="text", text=text)], is_error=True)


def _result(res: ToolResult) -> types.CallToolResult:
    """The result as Markdown text for the model, and as data: columns, rows, value, findings, suggestions."""
    if not res.ok:
        return _error(res.error or "the tool failed")
    data = {"columns": list(res.columns), "rows": [list(r) for r in res.rows], "value": res.value,
            "findings": [asdict(f) for f in res.findings],
            "suggestions": [dict(s, note=WRITE_NOTE) for s in res.suggestions]}
    text = markdown(res)
    if res.suggestions:
        text += f"\n\nSuggested changes ({WRITE_NOTE}):\n" + "\n".join(f"- {s['sql']}" for s in res.suggestions)
    return types.CallToolResult(content=[types.TextContent(type="text", text=text)],
                                structured_content=json.loads(json.dumps(data, default=str)))


def build_server(settings: Any, tools: Tools | None = None) -> Server:
    """An MCP server offering ``tools`` (default: the active toolkit's, for ``settings``)."""
    tools = tools or Tools(settings)

    async def list_tools(ctx, params) -> types.ListToolsResult:
        return types.ListToolsResult(tools=tools.specs())

    async def call_tool(ctx, params: types.CallToolRequestParams) -> types.CallToolResult:
        # the tools are blocking (psycopg, the encoder): run them off the event loop
        return await asyncio.to_thread(tools.call, params.name, params.arguments)

    return Server("dbcopilot", version="0.1.0", instructions=(
        "Read-only database tools with statement timeouts and row caps. Changes are returned as suggestions "
        "and never run here."), on_list_tools=list_tools, on_call_tool=call_tool)


def serve_stdio(settings: Any) -> None:
    from mcp.server.stdio import stdio_server

    server = build_server(settings)

    async def main() -> None:
        async with stdio_server() as (read, write):
            await server.run(read, write, server.create_initialization_options())

    asyncio.run(main())


def serve_http(settings: Any, host: str, port: int) -> None:
    import uvicorn

    uvicorn.run(build_server(settings).streamable_http_app(host=host), host=host, port=port, log_level="warning")

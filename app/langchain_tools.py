"""The copilot's read-only tools as LangChain tools (``StructuredTool``), for any LangChain agent.

Same tools, same guard and settings as the MCP server (app/mcp_server.py ``Tools``): each tool's JSON schema
is its ``args_schema``; a call returns the Markdown a model reads and, as the artifact, the data (columns,
rows, value, findings, suggestions that are never run here). A refused or failed call raises
``ToolException``, which LangChain hands back to the model as the tool's answer.
"""
from __future__ import annotations

from typing import Any

from langchain_core.tools import StructuredTool, ToolException

from agent.config import get_settings
from app.mcp_server import Tools


def langchain_tools(settings: Any = None) -> list[StructuredTool]:
    """Every read-only tool of the active toolkit, plus ``search_manual``, as LangChain tools."""
    tools = Tools(settings or get_settings())

    def runner(name: str):
        def run(**arguments: Any) -> tuple[str, dict]:
            res = tools.call(name, arguments)
            text = "\n".join(c.text for c in res.content if getattr(c, "text", None))
            if res.is_error:
                raise ToolException(text)
            return text, dict(res.structured_content or {})
        return run

    return [StructuredTool(name=spec.name, description=spec.description or spec.name, args_schema=spec.input_schema,
                           func=runner(spec.name), response_format="content_and_artifact", handle_tool_error=True)
            for spec in tools.specs()]

"""The copilot's read-only tools for other agents.

    from dbcopilot.integrations import langchain_tools   # a list of LangChain StructuredTools
    from dbcopilot.integrations import mcp_server        # an MCP server object (or run `dbcopilot mcp`)

Both use the settings of the app (DBCOPILOT_* environment variables or the TOML file): the same DSN,
statement timeout, row cap and read-only guard. Nothing here writes to a database.
"""
from __future__ import annotations

from typing import Any


def langchain_tools(settings: Any = None) -> list:
    """The read-only tools and the manual search as LangChain ``StructuredTool`` objects."""
    from app.langchain_tools import langchain_tools as build

    return build(settings)


def mcp_server(settings: Any = None):
    """The MCP server (the SDK's ``Server``): serve it with ``dbcopilot mcp`` or your own transport."""
    from agent.config import get_settings
    from app.mcp_server import build_server

    return build_server(settings or get_settings())


__all__ = ["langchain_tools", "mcp_server"]

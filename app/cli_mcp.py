"""`dbcopilot mcp`: the read-only tools as a Model Context Protocol server (see app/mcp_server.py)."""
from __future__ import annotations

import typer

from agent.config import get_settings


def register(cli: typer.Typer) -> None:
    @cli.command("mcp")
    def mcp_cmd(
        transport: str = typer.Option("stdio", "--transport", help="stdio (an MCP client starts this command) or http"),
        host: str = typer.Option("127.0.0.1", "--host", help="http: the address to listen on"),
        port: int = typer.Option(8765, "--port", help="http: the port (the endpoint is /mcp)"),
        dsn: str = typer.Option("", "--dsn", help="libpq DSN; default DBCOPILOT_DSN or the sandbox demo database"),
    ) -> None:
        """Serve the read-only tools and the manual search over MCP, with the app's guard and settings."""
        from app.mcp_server import serve_http, serve_stdio

        if transport not in ("stdio", "http"):
            typer.echo(f"error: unknown transport {transport!r}; use stdio or http", err=True)
            raise typer.Exit(2)
        settings = get_settings()
        settings = settings.model_copy(update={"dsn": dsn}) if dsn else settings
        if transport == "stdio":
            serve_stdio(settings)
        else:
            typer.echo(f"dbcopilot MCP server on http://{host}:{port}/mcp (Ctrl-C stops it)", err=True)
            serve_http(settings, host, port)

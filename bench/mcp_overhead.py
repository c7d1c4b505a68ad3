"""Tool-call overhead of the MCP server; prints one JSON object.

    python bench/mcp_overhead.py [--dsn "host=... dbname=..."] [--repeat 50]

The same tool calls (run_sql with a one-row SELECT, list_tables, describe_table of the largest table) made
directly (``Registry.call`` on the toolkit's context, as the app does) and through a real MCP client session
over stdio (``dbcopilot mcp`` as a subprocess, the SDK's ``Client``). Overhead = MCP p50/p95 minus direct.
Target (issue 17): overhead <= 20 ms.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("HF_HUB_OFFLINE", "1")

from mcp import Client  # noqa: E402
from mcp.client.stdio import StdioServerParameters  # noqa: E402

from agent.config import get_settings  # noqa: E402
from agent.plugins import get_toolkit  # noqa: E402
from evaluation.tsa import percentile  # noqa: E402


def figures(ms: list[float]) -> dict:
    return {"p50_ms": round(percentile(ms, 50), 2), "p95_ms": round(percentile(ms, 95), 2)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dsn", default="", help="libpq DSN; default DBCOPILOT_DSN or the sandbox demo database")
    ap.add_argument("--repeat", type=int, default=50)
    args = ap.parse_args()
    settings = get_settings()
    settings = settings.model_copy(update={"dsn": args.dsn}) if args.dsn else settings
    toolkit = get_toolkit(settings)
    registry, ctx = toolkit.registry(), toolkit.context(settings)
    largest = registry.call("list_tables", ctx, {}).records()[0]["table"]
    calls = [("run_sql", {"sql": "SELECT 1 AS one"}), ("list_tables", {}), ("describe_table", {"table": largest})]

    direct: dict[str, list[float]] = {n: [] for n, _ in calls}
    for _ in range(args.repeat):
        for name, a in calls:
            t = time.perf_counter()
            assert registry.call(name, ctx, dict(a)).ok
            direct[name].append((time.perf_counter() - t) * 1000)

    env = {**os.environ, "HF_HUB_OFFLINE": "1", **({"DBCOPILOT_DSN": ctx.dsn})}
    params = StdioServerParameters(command=sys.executable, args=["-m", "app.cli", "mcp"], cwd=str(ROOT), env=env)
    over: dict[str, list[float]] = {n: [] for n, _ in calls}

    async def session() -> float:
        started = time.perf_counter()
        async with Client(params) as client:
            ready = (time.perf_counter() - started) * 1000
            for name, a in calls:  # warm: the server connects to the database on its first call
                await client.call_tool(name, dict(a))
            for _ in range(args.repeat):
                for name, a in calls:
                    t = time.perf_counter()
                    res = await client.call_tool(name, dict(a))
                    over[name].append((time.perf_counter() - t) * 1000)
                    assert not res.is_error, res.content[0].text
        return ready

    ready_ms = asyncio.run(session())
    out = {"machine": f"{platform.machine()} {os.cpu_count()} cpu", "repeat": args.repeat,
           "server_start_ms": round(ready_ms, 1), "tools": {}}
    for name, _ in calls:
        d, m = figures(direct[name]), figures(over[name])
        out["tools"][name] = {"direct": d, "mcp": m, "overhead_p50_ms": round(m["p50_ms"] - d["p50_ms"], 2),
                              "overhead_p95_ms": round(m["p95_ms"] - d["p95_ms"], 2)}
    out["overhead_p95_ms_max"] = max(v["overhead_p95_ms"] for v in out["tools"].values())
    out["target_overhead_ms"] = 20
    print(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""MCP: discovery of a local streamable-HTTP server with 200 tools (connect + list + store),
and calls through the persistent client from sync code.

    python -m bench mcp [--tools 200] [--runs 300] [--rounds 5]
"""
from __future__ import annotations

import argparse
import time

from bench._support import fresh, free_port, p50, p95, report, spawn, wait_port


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench mcp")
    parser.add_argument("--tools", type=int, default=200)
    parser.add_argument("--runs", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args(argv)

    from runtime.tools import discovery
    from runtime.tools import mcp_client
    from runtime.tools import service as tool_runtime
    from core import db
    from store import providers as provider_store
    from store.models import Tool

    port = free_port()
    server = spawn(["-m", "bench._mcp_server", str(port), str(args.tools)])
    try:
        wait_port(port)
        _settings, _app, org_id, _headers = fresh()
        first, again, listing = [], [], []
        with db.connection():
            provider = provider_store.create(org_id=org_id, fields={
                "name": "bench", "type": "mcp", "mcp": {"url": f"http://127.0.0.1:{port}/mcp"}})
            for _ in range(args.rounds):
                mcp_client.close(provider.id)
                Tool.delete().where(Tool.provider == provider.id).execute()
                from store.models import McpState
                McpState.delete().where(McpState.provider == provider.id).execute()
                t0 = time.perf_counter()
                outcome, = discovery.sync(org_id, [provider])
                first.append((time.perf_counter() - t0) * 1000)
                assert outcome.error is None and len(outcome.changed_tool_ids) == args.tools
                t0 = time.perf_counter()
                outcome, = discovery.sync(org_id, [provider])
                again.append((time.perf_counter() - t0) * 1000)
                assert not outcome.changed_tool_ids
                server_ref = mcp_client.server_for(provider, provider_store.secrets_of(provider))
                t0 = time.perf_counter()
                listed = mcp_client.list_tools(server_ref)
                listing.append((time.perf_counter() - t0) * 1000)
                assert len(listed) == args.tools
            tool = Tool.get(Tool.provider == provider.id, Tool.name == "tool_7")
            calls, executes = [], []
            for i in range(args.runs + 20):
                t0 = time.perf_counter()
                out = mcp_client.call_tool(server_ref, "tool_7", {"x": i})
                t1 = time.perf_counter()
                result = tool_runtime.execute(org_id=org_id, tool_id=tool.id, input={"x": i})
                t2 = time.perf_counter()
                assert out["structured"] == {"result": i + 7}, out
                assert result["status"] == "succeeded", result
                if i >= 20:
                    calls.append((t1 - t0) * 1000)
                    executes.append((t2 - t1) * 1000)
    finally:
        server.terminate()
    print(f"MCP server with {args.tools} tools over streamable HTTP ({args.rounds} rounds, "
          f"{args.runs} calls)")
    print(f"{'what':<52} {'p50 ms':>8} {'max/p95':>8}")
    print(f"{'discovery: connect + list + store (new connection)':<52} {p50(first):>8.1f} "
          f"{max(first):>8.1f}")
    print(f"{'rediscovery, unchanged list (persistent client)':<52} {p50(again):>8.1f} "
          f"{max(again):>8.1f}")
    print(f"{'list_tools through the persistent client':<52} {p50(listing):>8.1f} "
          f"{max(listing):>8.1f}")
    print(f"{'call_tool through the persistent client':<52} {p50(calls):>8.2f} {p95(calls):>8.2f}")
    print(f"{'runtime.tools.service.execute() of an MCP tool':<52} {p50(executes):>8.2f} "
          f"{p95(executes):>8.2f}")
    report("mcp", {"tools": args.tools, "discovery_p50_ms": round(p50(first), 1),
                   "call_p50_ms": round(p50(calls), 2), "execute_p50_ms": round(p50(executes), 2)},
           {"discovery_lt_1s": p50(first) < 1000, "call_p50_lt_5ms": p50(calls) < 5})
    return 0

"""Exposures: what the MCP edge adds to a turn. An echo network deployed to prod and exposed
as the tool `echo`, on `agent-platform serve` (the embedded default); the same turn without a
thread, once as MCP `tools/call` (the `mcp` package's client, one connection kept open) and
once as `POST /v1/copilots/{id}/run` (httpx, keep-alive), interleaved. The figure is the
difference of their p50 latencies, as each client sees it (target < 5 ms).

    python -m bench exposures [--calls 300]
"""
from __future__ import annotations

import argparse
import asyncio
import time

import httpx

from bench import _stack
from bench._support import p50, p95, report


def _setup(base: str) -> dict:
    admin = {"Authorization": f"Bearer {_stack.ADMIN_TOKEN}"}
    with httpx.Client(base_url=base, timeout=60) as client:
        def ok(resp):
            if resp.status_code >= 300:
                raise RuntimeError(f"{resp.request.url.path}: {resp.status_code} {resp.text}")
            return resp.json()

        org = ok(client.post("/v1/admin/orgs", json={"name": "bench exposures"}, headers=admin))
        key = ok(client.post(f"/v1/admin/orgs/{org['id']}/api-keys", json={},
                             headers=admin))["key"]
        auth = {"Authorization": f"Bearer {key}"}
        ok(client.put(f"/v1/admin/orgs/{org['id']}/limits",
                      json={"requests_per_minute": 0, "runs_per_month": 0}, headers=admin))
        agent = ok(client.post("/v1/agents", headers=auth, json={
            "name": "Echo", "model": {"provider": "echo", "name": "echo"}}))["agent"]["id"]
        copilot = ok(client.post("/v1/copilots", headers=auth, json={
            "name": "Echo network", "agents": [{"agentId": agent}]}))["copilot"]["id"]
        prod = ok(client.post(f"/v1/copilots/{copilot}/deploy", headers=auth,
                              json={"target": "prod"}))["copilot"]["id"]
        ok(client.post("/v1/exposures", headers=auth, json={
            "target": {"type": "copilot", "id": prod}, "name": "echo"}))
    return {"auth": auth, "prod": prod}


async def _measure(base: str, org: dict, calls: int) -> tuple[list, list]:
    import httpx2
    from mcp import Client
    from mcp.client.streamable_http import streamable_http_client

    mcp_ms, rest_ms = [], []
    async with httpx2.AsyncClient(headers=org["auth"], timeout=60) as http2, \
            httpx.AsyncClient(base_url=base, headers=org["auth"], timeout=60) as rest:
        async with Client(streamable_http_client(f"{base}/mcp", http_client=http2)) as mcp:
            await mcp.list_tools()
            for i in range(calls + 20):  # the first 20 of each warm up
                t0 = time.perf_counter()
                result = await mcp.call_tool("echo", {"message": f"hello {i}"})
                t1 = time.perf_counter()
                resp = await rest.post(f"/v1/copilots/{org['prod']}/run",
                                       json={"input": f"hello {i}"})
                t2 = time.perf_counter()
                assert result.structured_content["output"] == f"hello {i}", result
                assert resp.json()["output"] == f"hello {i}", resp.text
                if i >= 20:
                    mcp_ms.append((t1 - t0) * 1000)
                    rest_ms.append((t2 - t1) * 1000)
    return mcp_ms, rest_ms


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench exposures")
    parser.add_argument("--calls", type=int, default=300)
    args = parser.parse_args(argv)
    with _stack.embedded() as dep:
        org = _setup(dep.base)
        mcp_ms, rest_ms = asyncio.run(_measure(dep.base, org, args.calls))
    added = p50(mcp_ms) - p50(rest_ms)
    print(f"MCP tools/call of an echo network: p50 {p50(mcp_ms):.2f} ms, "
          f"p95 {p95(mcp_ms):.2f} ms ({len(mcp_ms)} calls)")
    print(f"POST /v1/copilots/{{id}}/run:       p50 {p50(rest_ms):.2f} ms, "
          f"p95 {p95(rest_ms):.2f} ms")
    print(f"added by MCP: p50 {added:.2f} ms (target < 5 ms)")
    report("exposures", {"mcp_p50_ms": round(p50(mcp_ms), 2), "mcp_p95_ms": round(p95(mcp_ms), 2),
                         "run_p50_ms": round(p50(rest_ms), 2),
                         "run_p95_ms": round(p95(rest_ms), 2),
                         "added_p50_ms": round(added, 2)},
           {"added_p50_ms<5": added < 5})
    return 0

"""Rebuild cost follows the dependents of a change, not the size of the org.

For orgs of 100, 1,000 and 5,000 tools (20 tools per api provider) and 500 agents (10 attach
provider P0, the others name 5 tools of other providers), time POST /v1/tools creating a tool
in P0 (10 dependents) through the ASGI app, and the rebuild's totalBuildTime.

    python -m bench rebuild [--runs 30] [--sizes 100,1000,5000] [--agents 500]
"""
from __future__ import annotations

import argparse
import random
import time
import uuid

from bench._support import fresh, p50, p95, report

PER_PROVIDER = 20
DEPENDENTS = 10


def seed(org_id: str, tool_count: int, agent_count: int) -> str:
    from runtime.agents import build as agent_build
    from core import db
    from store.models import Agent, AgentDependency, AgentVersion, Tool, ToolProvider

    now = db.utcnow()
    providers = [db.new_id() for _ in range(max(2, tool_count // PER_PROVIDER))]
    with db.atomic():
        ToolProvider.insert_many([{
            "id": pid, "org": org_id, "name": f"p{i}", "type": "api", "auth": {"type": "none"},
            "base_url": "http://127.0.0.1:9", "created_at": now, "updated_at": now}
            for i, pid in enumerate(providers)]).execute()
        tools = []
        for i in range(tool_count):
            tools.append({"id": db.new_id(), "org": org_id, "provider": providers[i % len(providers)],
                          "name": f"tool {i}", "method": "GET", "path": f"/t/{i}",
                          "input_schema": {"type": "object", "properties": {
                              "q": {"type": "string"}}},
                          "timeout_ms": 30000, "is_enabled": True, "created_at": now,
                          "updated_at": now})
        for start in range(0, len(tools), 500):
            Tool.insert_many(tools[start:start + 500]).execute()
        others = [t["id"] for t in tools if t["provider"] != providers[0]]
        agents, versions, deps = [], [], []
        rng = random.Random(7)
        for i in range(agent_count):
            aid, vid = db.new_id(), db.new_id()
            attach = i < DEPENDENTS
            tool_ids = [] if attach else rng.sample(others, min(5, len(others)))
            provider_ids = [providers[0]] if attach else []
            agents.append({"id": aid, "org": org_id, "name": f"agent {i}", "version": 1,
                           "current_version_id": vid, "build_status": "pending",
                           "created_at": now, "updated_at": now})
            versions.append({"id": vid, "org": org_id, "agent": aid, "version": 1,
                             "name": f"agent {i}", "model": {"provider": "echo", "name": "echo"},
                             "tool_ids": tool_ids, "tool_provider_ids": provider_ids,
                             "max_steps": 10, "created_at": now})
            deps += [{"org": org_id, "agent": aid, "kind": "tool", "ref_id": t} for t in tool_ids]
            deps += [{"org": org_id, "agent": aid, "kind": "provider", "ref_id": p}
                     for p in provider_ids]
        for model, rows in ((Agent, agents), (AgentVersion, versions), (AgentDependency, deps)):
            for start in range(0, len(rows), 500):
                model.insert_many(rows[start:start + 500]).execute()
    with db.atomic():
        agent_build.build(org_id, [a["id"] for a in agents])
    return providers[0]


def measure(tool_count: int, agent_count: int, runs: int) -> dict:
    from core import db

    settings, app, org_id, headers = fresh()
    with db.connection():
        provider = seed(org_id, tool_count, agent_count)
    latencies, builds = [], []
    with app.test_client() as client:
        for i in range(runs + 3):
            body = {"tool_provider_id": provider, "name": f"new {uuid.uuid4().hex[:6]}",
                    "path": f"/new/{i}/{uuid.uuid4().hex[:6]}"}
            started = time.perf_counter()
            resp = client.post("/v1/tools", json=body, headers=headers)
            elapsed = (time.perf_counter() - started) * 1000
            assert resp.status_code == 201, resp.text
            rebuild = resp.json()["rebuild"]
            assert rebuild["rebuilt"] == DEPENDENTS, rebuild
            if i >= 3:  # warm-up
                latencies.append(elapsed)
                builds.append(rebuild["totalBuildTime"])
    db.database.obj.close_all()
    return {"tools": tool_count, "agents": agent_count, "p50": p50(latencies),
            "p95": p95(latencies), "build_p50": p50(builds)}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench rebuild")
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--sizes", default="100,1000,5000")
    parser.add_argument("--agents", type=int, default=500)
    args = parser.parse_args(argv)
    print(f"POST /v1/tools in a provider that {DEPENDENTS} of {args.agents} agents attach "
          f"(SQLite, {args.runs} runs each)")
    print(f"{'tools':>6} {'p50 ms':>8} {'p95 ms':>8} {'totalBuildTime p50 ms':>22}")
    rows = []
    for size in (int(s) for s in args.sizes.split(",")):
        row = measure(size, args.agents, args.runs)
        rows.append(row)
        print(f"{row['tools']:>6} {row['p50']:>8.1f} {row['p95']:>8.1f} {row['build_p50']:>22.1f}")
    report("rebuild", {"sizes": [{k: round(v, 2) for k, v in r.items()} for r in rows]},
           {"create_p50_lt_50ms": all(r["p50"] < 50 for r in rows),
            "build_p50_lt_20ms": all(r["build_p50"] < 20 for r in rows)})
    return 0

"""Plan and apply of a whole organization document: 500 tools (25 api providers of 20),
100 agents (5 tools each; every tenth attaches a provider and inserts a prompt block), 20
networks (5 agents and 2 or 3 workflows each, deployed to prod), 50 workflows (a tool step
and an agent step) with a schedule each, through the ASGI app on SQLite:

- plan and apply (`deploy=true`) onto an empty organization (everything created);
- plan and apply of the same document again (nothing to do);
- plan and apply after 10% of the agents and tools changed;
- export.

The first plan of a process compiles the document's JSON Schema (about 0.3 s): a plan of an
empty document is made first.

    python -m bench org_document [--tools 500] [--agents 100] [--networks 20] [--workflows 50]
"""
from __future__ import annotations

import argparse
import json
import time

import yaml

from bench._support import fresh, report

TARGET_S = 5.0
YAML = {"Content-Type": "application/yaml"}


def document(tools: int, agents: int, networks: int, workflows: int) -> dict:
    per = 20
    providers = []
    refs = []
    for p in range(max(1, tools // per)):
        name = f"Provider {p:02d}"
        items = []
        for t in range(per):
            n = p * per + t
            if n >= tools:
                break
            items.append({"name": f"tool {n:03d}", "method": "GET", "path": f"/t/{n}",
                          "description": f"Tool number {n}",
                          "input_schema": {"type": "object",
                                           "properties": {"q": {"type": "string"}}}})
            refs.append(f"{name}/tool {n:03d}")
        providers.append({"name": name, "type": "api", "base_url": "http://127.0.0.1:9/",
                          "auth": {"type": "bearer", "token": "${PROVIDER_TOKEN}"},
                          "tools": items})
    blocks = [{"name": f"block{b}", "text": f"Shared text {b}."} for b in range(5)]
    agent_items = []
    for a in range(agents):
        item = {"name": f"Agent {a:03d}", "instructions": f"You are agent {a}.",
                "model": {"provider": "echo", "name": "echo"},
                "tools": [refs[(a * 5 + k) % len(refs)] for k in range(5)]}
        if a % 10 == 0:
            item["tool_providers"] = [providers[a % len(providers)]["name"]]
            item["instructions"] = f"{{{{block:block{a % 5}}}}} You are agent {a}."
        agent_items.append(item)
    workflow_items = [{"name": f"Workflow {w:02d}", "steps": [
        {"id": "look", "type": "tool", "ref": refs[w % len(refs)], "input": {"q": "x"}},
        {"id": "say", "type": "agent", "ref": f"Agent {w % agents:03d}",
         "input": "Found {{steps.look.output}}"}]} for w in range(workflows)]
    network_items = [{"name": f"Network {n:02d}",
                      "agents": [f"Agent {(n * 5 + k) % agents:03d}" for k in range(5)],
                      "workflows": [f"Workflow {(n * 3 + k) % workflows:02d}"
                                    for k in range(2 + n % 2)],
                      "deployments": {"prod": "current"}} for n in range(networks)]
    schedules = [{"workflow": f"Workflow {w:02d}", "description": "nightly",
                  "cron": f"{w % 60} 3 * * *"} for w in range(workflows)]
    return {"apiVersion": "agent-platform/v1", "kind": "Organization", "spec": {
        "tool_providers": providers, "prompt_blocks": blocks, "agents": agent_items,
        "networks": network_items, "workflows": workflow_items, "schedules": schedules,
        "groups": [{"group_id": "gold", "spend_cap_usd": 100}]}}


def _timed(client, path: str, body: bytes, headers: dict) -> tuple[float, dict]:
    started = time.perf_counter()
    resp = client.post(path, content=body, headers={**headers, **YAML})
    elapsed = time.perf_counter() - started
    assert resp.status_code == 200, resp.text[:2000]
    return elapsed, resp.json()


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench org_document")
    parser.add_argument("--tools", type=int, default=500)
    parser.add_argument("--agents", type=int, default=100)
    parser.add_argument("--networks", type=int, default=20)
    parser.add_argument("--workflows", type=int, default=50)
    args = parser.parse_args(argv)
    from core import db

    doc = document(args.tools, args.agents, args.networks, args.workflows)
    secrets = {"apiVersion": "agent-platform/v1", "kind": "Secrets",
               "values": {"PROVIDER_TOKEN": "t0ken"}}
    body = (yaml.safe_dump(doc, sort_keys=False) + "---\n" + yaml.safe_dump(secrets)).encode()
    print(f"an organization of {args.tools} tools, {args.agents} agents, {args.networks} "
          f"networks, {args.workflows} workflows ({len(body) // 1024} KiB of YAML), SQLite")
    _, app, _, headers = fresh()
    rows = {}
    with app.test_client() as client:
        # warm-up: the first plan of a process compiles the document's JSON Schema
        _timed(client, "/v1/organization/plan", b"apiVersion: agent-platform/v1\n"
               b"kind: Organization\nspec: {}\n", headers)
        rows["plan_create"], plan = _timed(client, "/v1/organization/plan?deploy=true", body,
                                           headers)
        assert plan["invalid"] == [], plan["invalid"][:5]
        rows["apply_create"], result = _timed(client, "/v1/organization/apply?deploy=true",
                                              body, headers)
        assert result["rebuild"]["failed"] == 0, result["rebuild"].get("failedAgents")
        created = result["summary"]["create"]
        rows["plan_unchanged"], plan = _timed(client, "/v1/organization/plan?deploy=true",
                                              body, headers)
        assert plan["changed"] is False, plan["changes"][:3]
        rows["apply_unchanged"], _ = _timed(client, "/v1/organization/apply?deploy=true", body,
                                            headers)
        changed = json.loads(json.dumps(doc))
        for agent in changed["spec"]["agents"][::10]:
            agent["instructions"] += " Be brief."
        for provider in changed["spec"]["tool_providers"]:
            for tool in provider["tools"][::10]:
                tool["description"] += " (changed)"
        body2 = (yaml.safe_dump(changed, sort_keys=False) + "---\n"
                 + yaml.safe_dump(secrets)).encode()
        rows["plan_10pct"], plan = _timed(client, "/v1/organization/plan?deploy=true", body2,
                                          headers)
        rows["apply_10pct"], result = _timed(client, "/v1/organization/apply?deploy=true",
                                             body2, headers)
        updates = result["summary"]["update"]
        started = time.perf_counter()
        resp = client.get("/v1/organization/export", headers=headers)
        rows["export"] = time.perf_counter() - started
        assert resp.status_code == 200
    db.database.obj.close_all()
    print(f"created {created} objects; the 10% change updated {updates} and deployed "
          f"{result['summary']['deploy']} networks")
    for name, seconds in rows.items():
        print(f"{name:>16} {seconds:8.2f} s")
    report("org_document", {k: round(v, 3) for k, v in rows.items()},
           {"plan_lt_5s": max(rows["plan_create"], rows["plan_10pct"],
                              rows["plan_unchanged"]) < TARGET_S,
            "apply_lt_5s": max(rows["apply_create"], rows["apply_10pct"],
                               rows["apply_unchanged"]) < TARGET_S})
    return 0

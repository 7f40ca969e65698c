"""Building agent versions into their runtime form, in bulk (a few queries for any number).

The runtime form holds the agent's instructions, model settings, step limit and its resolved,
enabled tools with their schemas. A build fails, with a reason, when a tool it names is
missing or disabled, or a provider it uses is missing or unreachable (its last MCP discovery
failed); the agent then keeps its last good runtime. `runtimeId` is a digest of the runtime
form, so an unchanged agent keeps its runtimeId and is reported `skipped`.
"""
from __future__ import annotations

import hashlib
import json
import time

from rules import prompt_blocks as block_syntax
from store import prompt_blocks
from core.db import atomic, utcnow
from store.models import Agent, AgentDependency, AgentVersion, McpState, Tool, ToolProvider


def dependents(org_id: str, tool_ids, provider_ids, block_ids=()) -> list[str]:
    """Agents whose current version names one of tool_ids, attaches one of provider_ids or
    references one of the prompt blocks block_ids."""
    clauses = []
    if block_ids:
        clauses.append((AgentDependency.kind == prompt_blocks.KIND)
                       & AgentDependency.ref_id.in_(list(block_ids)))
    if tool_ids:
        clauses.append((AgentDependency.kind == "tool") & AgentDependency.ref_id.in_(list(tool_ids)))
    if provider_ids:
        clauses.append((AgentDependency.kind == "provider")
                       & AgentDependency.ref_id.in_(list(provider_ids)))
    if not clauses:
        return []
    where = clauses[0]
    for clause in clauses[1:]:
        where = where | clause
    rows = (AgentDependency.select(AgentDependency.agent).distinct()
            .where(AgentDependency.org == org_id, where))
    return sorted(row.agent_id for row in rows)


def spec(tool: Tool, provider_type: str | None = None) -> dict:
    """A tool's entry in a runtime form and in the registry."""
    return {"id": tool.id, "name": tool.name, "description": tool.description,
            "tool_provider_id": tool.provider_id, "method": tool.method, "path": tool.path,
            "input_schema": tool.input_schema, "output_schema": tool.output_schema,
            **({"provider_type": provider_type} if provider_type else {}),
            **(_approval(tool) if tool.requires_approval else {})}


def _approval(tool: Tool) -> dict:
    """The approval keys of a tool's entry (present only when a call needs approval)."""
    return {"requires_approval": True,
            "approval_timeout_s": tool.approval_timeout_s or DEFAULT_APPROVAL_TIMEOUT_S}


DEFAULT_APPROVAL_TIMEOUT_S = 24 * 3600


def runtime_id_of(payload: dict) -> str:
    blob = json.dumps(payload, sort_keys=True, separators=(",", ":"), default=str)
    return "rt_" + hashlib.sha256(blob.encode()).hexdigest()[:32]


class _NoTimeout:
    approval_timeout_s = None


def _blocks_of(version: AgentVersion, blocks: dict) -> tuple[str | None, dict, str | None]:
    """(instructions with their blocks inserted, {name: block version id}, error)."""
    names = block_syntax.references(version.instructions)
    missing = [n for n in names if n not in blocks]
    if missing:
        return None, {}, f"prompt block {missing[0]!r} is missing"
    texts = {n: blocks[n][1] for n in names}
    return (block_syntax.render(version.instructions, texts),
            {n: blocks[n][0] for n in names}, None)


def _resolve(version: AgentVersion, tools: dict, by_provider: dict, providers: dict,
             failing: dict, blocks: dict) -> tuple[dict | None, str | None]:
    instructions, pins, error = _blocks_of(version, blocks)
    if error:
        return None, error
    resolved, seen = [], set()
    for provider_id in version.tool_provider_ids:
        provider = providers.get(provider_id)
        if provider is None:
            return None, f"tool provider {provider_id} is missing"
        if provider_id in failing:
            return None, f"tool provider {provider.name!r} is unreachable: {failing[provider_id]}"
        for tool in by_provider.get(provider_id, []):
            if tool.id not in seen:
                seen.add(tool.id)
                resolved.append(spec(tool, provider.type))
    for tool_id in version.tool_ids:
        tool = tools.get(tool_id)
        if tool is None:
            return None, f"tool {tool_id} is missing"
        if not tool.is_enabled:
            return None, f"tool {tool.name!r} ({tool_id}) is disabled"
        provider = providers.get(tool.provider_id)
        if tool.provider_id in failing:
            return None, (f"tool provider {provider.name!r} of tool {tool.name!r} is "
                          f"unreachable: {failing[tool.provider_id]}")
        if tool_id not in seen:
            seen.add(tool_id)
            resolved.append(spec(tool, provider.type))
    needing = set(version.approval_tool_ids or [])
    if needing:  # the agent's use of these tools needs approval, whatever the tool says
        resolved = [{**t, **_approval(tools.get(t["id"]) or _NoTimeout)}
                    if t["id"] in needing and not t.get("requires_approval") else t
                    for t in resolved]
    payload = {
        "agentId": version.agent_id, "agentVersionId": version.id, "name": version.name,
        "instructions": instructions, "model": version.model,
        "max_steps": version.max_steps, "tools": resolved,
    }
    if pins:  # only then, so that agents without blocks keep their runtimeId
        payload["promptBlocks"] = pins
    if version.memory:  # likewise
        payload["memory"] = True
    if getattr(version, "knowledge_base_ids", None):  # likewise
        payload["knowledgeBaseIds"] = list(version.knowledge_base_ids)
    return payload, None


def _load(org_id: str, versions, pins: dict | None = None) -> tuple[dict, dict, dict, dict, dict]:
    """What resolving versions needs, in a few queries: (tools by id, enabled tools by
    provider, providers by id, failing MCP providers' errors by id, prompt blocks by name as
    (version id, text): the pinned versions of ``pins`` {name: version id}, else current)."""
    versions = [*versions]
    names = {n for v in versions for n in block_syntax.references(v.instructions)}
    blocks = prompt_blocks.current_texts(org_id, names - set(pins or {}))
    for version_id, (name, text) in prompt_blocks.version_texts(
            org_id, (pins or {}).values()).items():
        blocks[name] = (version_id, text)
    tool_ids = {t for v in versions for t in [*v.tool_ids, *(v.approval_tool_ids or [])]}
    provider_ids = {p for v in versions for p in v.tool_provider_ids}
    tools = {t.id: t for t in Tool.select().where(Tool.org == org_id, Tool.id.in_(list(tool_ids)))}
    by_provider: dict[str, list] = {}
    if provider_ids:
        for tool in (Tool.select().where(Tool.org == org_id, Tool.provider.in_(list(provider_ids)),
                                         Tool.is_enabled == True)  # noqa: E712
                     .order_by(Tool.created_at, Tool.id)):
            by_provider.setdefault(tool.provider_id, []).append(tool)
    provider_ids |= {t.provider_id for t in tools.values()}
    providers = {p.id: p for p in ToolProvider.select().where(
        ToolProvider.org == org_id, ToolProvider.id.in_(list(provider_ids)))}
    failing = {s.provider_id: s.error or "discovery failed" for s in McpState.select().where(
        McpState.org == org_id, McpState.status == "failed",
        McpState.provider.in_(list(provider_ids)))}
    return tools, by_provider, providers, failing, blocks


def build_version(org_id: str, version_id: str,
                  block_pins: dict | None = None) -> tuple[dict | None, str | None]:
    """The runtime form of one specific agent version (a network's pinned version, with the
    prompt block versions the deployment pinned), built now and not stored: (runtime, None),
    or (None, reason) when it cannot be built or the version is not in org_id."""
    version = AgentVersion.select().where(AgentVersion.org == org_id,
                                          AgentVersion.id == version_id).first()
    if version is None:
        return None, f"agent version {version_id} not found"
    payload, error = _resolve(version, *_load(org_id, [version], block_pins))
    if payload is not None:
        payload["runtimeId"] = runtime_id_of(payload)
    return payload, error


def build(org_id: str, agent_ids: list[str]) -> tuple[list[dict], dict, int]:
    """Build the current versions of agent_ids. Returns (items, {agent_id: runtime} of the
    newly built ones, total build time in ms). Each item: {agentId, agentVersionId,
    runtimeId, status: built|failed|skipped, buildTime, error?}."""
    started = time.perf_counter()
    if not agent_ids:
        return [], {}, 0
    agents = {a.id: a for a in Agent.select().where(Agent.org == org_id, Agent.id.in_(agent_ids))}
    versions = {v.agent_id: v for v in AgentVersion.select().where(
        AgentVersion.id.in_([a.current_version_id for a in agents.values()]))}
    loaded = _load(org_id, versions.values())
    items, runtimes, updates = [], {}, []
    for agent_id in agent_ids:
        agent, version = agents.get(agent_id), versions.get(agent_id)
        if agent is None or version is None:
            continue
        t0 = time.perf_counter()
        payload, error = _resolve(version, *loaded)
        if error is None:
            runtime_id = runtime_id_of(payload)
            payload["runtimeId"] = runtime_id
            unchanged = agent.build_status == "built" and agent.runtime_id == runtime_id
            status = "skipped" if unchanged else "built"
            if not unchanged:
                runtimes[agent_id] = payload
                updates.append((agent_id, {
                    Agent.build_status: "built", Agent.build_error: None,
                    Agent.build_version_id: version.id, Agent.runtime_id: runtime_id,
                    Agent.runtime_version_id: version.id, Agent.runtime: payload,
                    Agent.built_at: utcnow()}))
        else:
            status, runtime_id = "failed", runtime_id_of({"agentVersionId": version.id,
                                                          "error": error})
            updates.append((agent_id, {Agent.build_status: "failed", Agent.build_error: error,
                                       Agent.build_version_id: version.id,
                                       Agent.built_at: utcnow()}))
        item = {"agentId": agent_id, "agentVersionId": version.id, "runtimeId": runtime_id,
                "status": status, "buildTime": round((time.perf_counter() - t0) * 1000)}
        if error:
            item["error"] = error
        items.append(item)
    if updates:
        with atomic():
            for agent_id, values in updates:
                # only the build of the version still current is recorded: a build that
                # finishes after a newer version's never replaces it
                built = values[Agent.build_version_id]
                if not Agent.update(values).where(Agent.id == agent_id,
                                                  Agent.current_version_id == built).execute():
                    runtimes.pop(agent_id, None)
    return items, runtimes, round((time.perf_counter() - started) * 1000)

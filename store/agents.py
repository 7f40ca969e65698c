"""Agents and their immutable versions. Every update writes a new version and replaces the
agent's dependency rows (the tools it names, the providers it attaches)."""
from __future__ import annotations

from store import copilots, knowledge, pages, prompt_blocks, scope
from core.db import Compiled, atomic, is_postgres, iso, new_id, utcnow
from store.errors import NotFound
from store.models import Agent, AgentDependency, AgentVersion, Tool, ToolProvider

DEFAULT_MODEL = {"provider": "echo", "name": "echo", "temperature": None, "max_tokens": None}
DEFAULT_MAX_STEPS = 10
CONFIG_FIELDS = ("name", "description", "instructions", "model", "tool_ids",
                 "tool_provider_ids", "max_steps", "memory", "approval_tool_ids",
                 "knowledge_base_ids")


def _unique(ids) -> list[str]:
    return [*dict.fromkeys(ids or [])]


def _check_refs(org_id: str, tool_ids: list[str], provider_ids: list[str]) -> None:
    """Every tool (including those needing approval) and provider is in org_id."""
    if tool_ids:
        found = {t.id for t in Tool.select(Tool.id).where(Tool.org == org_id,
                                                          Tool.id.in_(tool_ids))}
        missing = [t for t in tool_ids if t not in found]
        if missing:
            raise NotFound(f"tool {missing[0]} not found", code="tool_not_found")
    if provider_ids:
        found = {p.id for p in ToolProvider.select(ToolProvider.id).where(
            ToolProvider.org == org_id, ToolProvider.id.in_(provider_ids))}
        missing = [p for p in provider_ids if p not in found]
        if missing:
            raise NotFound(f"tool provider {missing[0]} not found",
                           code="tool_provider_not_found")


def _write_version(org_id: str, agent_id: str, number: int, config: dict,
                   block_ids: list[str]) -> AgentVersion:
    version = AgentVersion.create(id=new_id(), org=org_id, agent=agent_id, version=number,
                                  created_at=utcnow(), **config)
    AgentDependency.delete().where(AgentDependency.agent == agent_id).execute()
    rows = ([{"org": org_id, "agent": agent_id, "kind": "tool", "ref_id": t}
             for t in dict.fromkeys([*config["tool_ids"], *config["approval_tool_ids"]])]
            + [{"org": org_id, "agent": agent_id, "kind": "provider", "ref_id": p}
               for p in config["tool_provider_ids"]]
            + [{"org": org_id, "agent": agent_id, "kind": prompt_blocks.KIND, "ref_id": b}
               for b in block_ids])
    if rows:
        AgentDependency.insert_many(rows).execute()
    return version


def _config(fields: dict, base: dict | None = None) -> dict:
    config = dict(base or {"description": None, "instructions": None, "model": DEFAULT_MODEL,
                           "tool_ids": [], "tool_provider_ids": [],
                           "max_steps": DEFAULT_MAX_STEPS, "memory": False,
                           "approval_tool_ids": [], "knowledge_base_ids": []})
    config.update({k: v for k, v in fields.items() if k in CONFIG_FIELDS})
    config["model"] = {**DEFAULT_MODEL, **(config.get("model") or {})}
    config["tool_ids"] = _unique(config["tool_ids"])
    config["tool_provider_ids"] = _unique(config["tool_provider_ids"])
    config["approval_tool_ids"] = _unique(config.get("approval_tool_ids"))
    config["knowledge_base_ids"] = _unique(config.get("knowledge_base_ids"))
    return config


def create(*, org_id: str, fields: dict) -> Agent:
    config = _config(fields)
    _check_refs(org_id, [*config["tool_ids"], *config["approval_tool_ids"]],
                config["tool_provider_ids"])
    knowledge.require_ids(org_id, config["knowledge_base_ids"])
    now = utcnow()
    with atomic():
        block_ids = prompt_blocks.resolve_names(org_id, config["instructions"])
        agent = Agent.create(id=new_id(), org=org_id, name=config["name"], version=1,
                             created_at=now, updated_at=now)
        version = _write_version(org_id, agent.id, 1, config, block_ids)
        Agent.update(current_version_id=version.id).where(Agent.id == agent.id).execute()
    return get(org_id=org_id, agent_id=agent.id)


_BY_ID = Compiled(lambda: scope.scoped(Agent, "?").where(Agent.id == "?"))


def get(*, org_id: str, agent_id: str) -> Agent:
    row = _BY_ID.instance(org_id, agent_id)
    if row is None:
        raise NotFound("agent not found")
    return row


def current_version(agent: Agent) -> AgentVersion:
    return AgentVersion.get_by_id(agent.current_version_id)


# a listed agent needs neither its runtime form nor its org: they are not selected
_LISTING = pages.Listing(
    lambda org_id: scope.scoped(Agent, org_id, *[f for f in Agent._meta.sorted_fields
                                                 if f.name not in ("runtime", "org")]),
    (Agent.created_at, Agent.id))


def list(*, org_id: str, limit: int = 50, cursor: str | None = None) -> tuple[list, str | None]:
    """Agents, oldest first; (rows, next_cursor)."""
    return _LISTING.page(org_id, limit=limit, cursor=cursor)


def update(*, org_id: str, agent_id: str, fields: dict) -> tuple[Agent, AgentVersion]:
    """A new immutable version from the current one plus fields: (the agent as this update
    left it, the version it wrote). The current version is read inside the write transaction
    (on Postgres with the agent's row locked), so concurrent updates each build on the one
    before and none is lost or refused."""
    get(org_id=org_id, agent_id=agent_id)  # 404 before any write
    with atomic():
        query = scope.scoped(Agent, org_id).where(Agent.id == agent_id)
        agent = (query.for_update() if is_postgres() else query).first()
        if agent is None:
            raise NotFound("agent not found")
        current = current_version(agent)
        config = _config(fields, {k: getattr(current, k) for k in CONFIG_FIELDS})
        _check_refs(org_id, [*config["tool_ids"], *config["approval_tool_ids"]],
                    config["tool_provider_ids"])
        if "knowledge_base_ids" in fields:
            knowledge.require_ids(org_id, config["knowledge_base_ids"])
        block_ids = prompt_blocks.resolve_names(org_id, config["instructions"])
        number = agent.version + 1
        version = _write_version(org_id, agent.id, number, config, block_ids)
        now = utcnow()
        Agent.update(current_version_id=version.id, version=number, name=config["name"],
                     updated_at=now).where(Agent.id == agent.id).execute()
        agent.current_version_id, agent.version = version.id, number
        agent.name, agent.updated_at = config["name"], now
    return agent, version


def delete(*, org_id: str, agent_id: str) -> None:
    """409 `agent_in_use` while a network uses the agent (its pinned versions must stay)."""
    get(org_id=org_id, agent_id=agent_id)
    copilots.ensure_unused(org_id=org_id, agent_id=agent_id)
    with atomic():  # a network taking the agent meanwhile: its reference refuses the delete
        scope.delete(Agent, org_id, Agent.id == agent_id)


def versions(*, org_id: str, agent_id: str, limit: int = 50,
             cursor: str | None = None) -> tuple[list[AgentVersion], str | None]:
    """The agent's versions, newest first; (rows, next_cursor)."""
    get(org_id=org_id, agent_id=agent_id)
    query = scope.scoped(AgentVersion, org_id).where(AgentVersion.agent == agent_id)
    return pages.page(query, (AgentVersion.version,), limit=limit, cursor=cursor, desc=True)


def version_dict(v: AgentVersion) -> dict:
    return {"id": v.id, "agent_id": v.agent_id, "version": v.version, "name": v.name,
            "description": v.description, "instructions": v.instructions, "model": v.model,
            "tool_ids": v.tool_ids, "tool_provider_ids": v.tool_provider_ids,
            "max_steps": v.max_steps, "memory": v.memory,
            "approval_tool_ids": v.approval_tool_ids or [],
            "knowledge_base_ids": v.knowledge_base_ids or [], "created_at": iso(v.created_at)}


def to_dict(agent: Agent, version: AgentVersion | None = None) -> dict:
    v = version or current_version(agent)
    return {
        "id": agent.id, "agent_version_id": v.id, "version": v.version, "name": v.name,
        "description": v.description, "instructions": v.instructions, "model": v.model,
        "tool_ids": v.tool_ids, "tool_provider_ids": v.tool_provider_ids,
        "max_steps": v.max_steps, "memory": v.memory,
        "approval_tool_ids": v.approval_tool_ids or [],
        "knowledge_base_ids": v.knowledge_base_ids or [],
        "build": {"status": agent.build_status, "error": agent.build_error,
                  "agent_version_id": agent.build_version_id, "runtime_id": agent.runtime_id,
                  "runtime_version_id": agent.runtime_version_id,
                  "built_at": iso(agent.built_at)},
        "created_at": iso(agent.created_at), "updated_at": iso(agent.updated_at),
    }


_VERSIONS = pages.ByIds(lambda org_id, ids: scope.scoped(AgentVersion, org_id).where(
    AgentVersion.id.in_(ids)))


def to_dicts(*, org_id: str, rows: list[Agent]) -> list[dict]:
    """Several agents of org_id with their current versions (one query for all versions)."""
    found = {v.id: v for v in _VERSIONS.rows(org_id, [a.current_version_id for a in rows])}
    return [to_dict(a, found.get(a.current_version_id)) for a in rows]

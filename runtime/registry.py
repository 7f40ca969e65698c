"""The per-org tool registry and agent runtimes, cached per process behind a version counter.

Every reload bumps the org's row in `registry_version`. A process compares its cached version
with the stored one on its next use (one indexed read) and drops a stale slice, so API and
worker processes see a reload without restarts. The process that ran the reload patches its
own cache with just what changed.
"""
from __future__ import annotations

import threading

import peewee

from runtime.agents import build as agent_build
from core.db import Compiled, atomic, utcnow
from store.models import Agent, McpState, RegistryVersion, Tool, ToolProvider

_lock = threading.Lock()
_cache: dict[str, dict] = {}  # org_id -> {"version": int, "agents": {id: runtime}, "tools": {}}


_VERSION = Compiled(lambda: RegistryVersion.select(RegistryVersion.version).where(
    RegistryVersion.org == "?"))


def version(org_id: str) -> int:
    row = _VERSION.first(org_id)
    return row["version"] if row else 0


def bump(org_id: str) -> int:
    """Increment the org's registry version (atomic on both engines); returns the new one."""
    with atomic():
        (RegistryVersion.insert(org=org_id, version=1, updated_at=utcnow())
         .on_conflict(conflict_target=[RegistryVersion.org],
                      update={RegistryVersion.version: RegistryVersion.version + 1,
                              RegistryVersion.updated_at: utcnow()})
         .execute())
        return version(org_id)


def failing_providers(org_id: str) -> list[str]:
    return [row.provider_id for row in McpState.select(McpState.provider).where(
        McpState.org == org_id, McpState.status == "failed")]


def counts(org_id: str) -> tuple[int, dict]:
    """Tools in the org's registry and per provider type; tools of an MCP provider whose
    last discovery failed contribute zero."""
    failing = failing_providers(org_id)
    query = (Tool.select(ToolProvider.type, peewee.fn.COUNT(Tool.id).alias("n"))
             .join(ToolProvider).where(Tool.org == org_id))
    if failing:
        query = query.where(Tool.provider.not_in(failing))
    per_type = {"api": 0, "mcp": 0, "other": 0}
    for row in query.group_by(ToolProvider.type).dicts():
        key = row["type"] if row["type"] in ("api", "mcp") else "other"
        per_type[key] += row["n"]
    return sum(per_type.values()), per_type


def _slice(org_id: str) -> dict:
    current = version(org_id)
    with _lock:
        entry = _cache.get(org_id)
        if entry is None or entry["version"] != current:
            entry = {"version": current, "agents": {}, "tools": {}, "versions": {},
                     "timeouts": {}}
            _cache[org_id] = entry
        return entry


def agent_runtime(org_id: str, agent_id: str) -> dict | None:
    """The agent's last good runtime form (cached per registry version), or None."""
    entry = _slice(org_id)
    if agent_id not in entry["agents"]:
        row = Agent.select(Agent.runtime).where(Agent.org == org_id, Agent.id == agent_id).first()
        entry["agents"][agent_id] = row.runtime if row else None
    return entry["agents"][agent_id]


def version_runtime(org_id: str, version_id: str,
                    block_pins: dict | None = None) -> tuple[dict | None, str | None]:
    """The runtime form of one specific agent version (pinned by a staging or prod network,
    with the prompt block versions it pinned), built on first use and cached by version ids
    for the registry version: (runtime, None) or (None, reason)."""
    entry = _slice(org_id)
    key = (version_id, tuple(sorted((block_pins or {}).items())))
    hit = entry["versions"].get(key)
    if hit is None:
        hit = agent_build.build_version(org_id, version_id, block_pins)
        entry["versions"][key] = hit
    return hit


def tool_timeouts(org_id: str, tool_ids) -> dict:
    """{tool_id: timeout_ms or None} of tool_ids (cached per registry version)."""
    entry = _slice(org_id)
    cache = entry["timeouts"]
    missing = [t for t in tool_ids if t not in cache]
    if missing:
        found = dict(Tool.select(Tool.id, Tool.timeout_ms)
                     .where(Tool.org == org_id, Tool.id.in_(missing)).tuples())
        for tool_id in missing:
            cache[tool_id] = found.get(tool_id)
    return {t: cache[t] for t in tool_ids}


def tool_spec(org_id: str, tool_id: str) -> dict | None:
    """An enabled tool's registry entry (cached per registry version), or None."""
    entry = _slice(org_id)
    if tool_id not in entry["tools"]:
        row = Tool.select().where(Tool.org == org_id, Tool.id == tool_id,
                                  Tool.is_enabled == True).first()  # noqa: E712
        entry["tools"][tool_id] = agent_build.spec(row) if row else None
    return entry["tools"][tool_id]


def patch(org_id: str, new_version: int, tool_ids, runtimes: dict) -> None:
    """After a reload in this process: move the cached slice to new_version, dropping only
    the changed tools and replacing the rebuilt agents' runtimes."""
    with _lock:
        entry = _cache.get(org_id)
        if entry is None or entry["version"] != new_version - 1:
            _cache.pop(org_id, None)
            return
        entry["version"] = new_version
        entry["versions"].clear()
        for tool_id in tool_ids:
            entry["tools"].pop(tool_id, None)
            entry["timeouts"].pop(tool_id, None)
        entry["agents"].update(runtimes)


def forget(org_id: str | None = None) -> None:
    with _lock:
        _cache.clear() if org_id is None else _cache.pop(org_id, None)

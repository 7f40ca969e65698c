"""Saving an agent builds its new version at once (one agent: inline) and moves the org's
registry to a new version so every process sees the new runtime on its next use."""
from __future__ import annotations

from runtime import registry
from runtime.agents import build as agent_build
from store import agents as agent_store


def _build(org_id: str, agent_id: str, version=None) -> dict:
    """Build the agent's current version; the answer shows ``version`` (the one this request
    wrote) even when a later update has replaced it meanwhile."""
    items, runtimes, _ = agent_build.build(org_id, [agent_id])
    registry.patch(org_id, registry.bump(org_id), (), runtimes)
    agent = agent_store.get(org_id=org_id, agent_id=agent_id)
    return {"agent": agent_store.to_dict(agent, version), "build": items[0]}


def create(*, org_id: str, fields: dict) -> dict:
    agent = agent_store.create(org_id=org_id, fields=fields)
    return _build(org_id, agent.id)


def update(*, org_id: str, agent_id: str, fields: dict) -> dict:
    _, version = agent_store.update(org_id=org_id, agent_id=agent_id, fields=fields)
    return _build(org_id, agent_id, version)


def delete(*, org_id: str, agent_id: str) -> None:
    agent_store.delete(org_id=org_id, agent_id=agent_id)
    registry.bump(org_id)

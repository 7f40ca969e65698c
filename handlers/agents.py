"""Agents: CRUD, immutable versions, and the build of each version into its runtime form."""
from __future__ import annotations

from handlers import ok
from runtime import agents as agent_runtime
from store import agents


def list_agents(caller, limit=100, offset=0):
    rows, total = agents.list(org_id=caller.org_id, limit=limit, offset=offset)
    return ok({"agents": agents.to_dicts(rows), "total": total, "limit": limit,
               "offset": offset})


def create_agent(caller, body):
    return ok(agent_runtime.create(org_id=caller.org_id, fields=body), 201)


def get_agent(caller, id):
    return ok({"agent": agents.to_dict(agents.get(org_id=caller.org_id, agent_id=id))})


def update_agent(caller, id, body):
    return ok(agent_runtime.update(org_id=caller.org_id, agent_id=id, fields=body))


def delete_agent(caller, id):
    agent_runtime.delete(org_id=caller.org_id, agent_id=id)
    return ok({"deleted": id})


def list_agent_versions(caller, id):
    rows = agents.versions(org_id=caller.org_id, agent_id=id)
    return ok({"versions": [agents.version_dict(v) for v in rows]})

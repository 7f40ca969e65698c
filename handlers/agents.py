"""Agents: CRUD, immutable versions, and the build of each version into its runtime form."""
from __future__ import annotations

from handlers import created, ok
from runtime.agents import service as agent_runtime
from store import agents


def list_agents(caller, limit=50, cursor=None):
    rows, following = agents.list(org_id=caller.org_id, limit=limit, cursor=cursor)
    return ok({"agents": agents.to_dicts(org_id=caller.org_id, rows=rows),
               "next_cursor": following})


def create_agent(caller, body):
    result = agent_runtime.create(org_id=caller.org_id, fields=body)
    return created(result, f"/v1/agents/{result['agent']['id']}")


def get_agent(caller, id):
    return ok({"agent": agents.to_dict(agents.get(org_id=caller.org_id, agent_id=id))})


def update_agent(caller, id, body):
    return ok(agent_runtime.update(org_id=caller.org_id, agent_id=id, fields=body))


def delete_agent(caller, id):
    agent_runtime.delete(org_id=caller.org_id, agent_id=id)
    return ok({"deleted": id})


def list_agent_versions(caller, id, limit=50, cursor=None):
    rows, following = agents.versions(org_id=caller.org_id, agent_id=id, limit=limit,
                                      cursor=cursor)
    return ok({"versions": [agents.version_dict(v) for v in rows], "next_cursor": following})

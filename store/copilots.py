"""Networks (copilots): an ordered list of agents, a list of workflows, chat-widget settings,
a handoff prompt and follow-up instructions.

A network is `dev`, `staging` or `prod`. Only a dev network is created and edited here; it
runs its agents' current versions. Its staging and prod networks are written only by a
deployment (store.deployments) and run the agent versions pinned then. Every agent and
workflow a network of any environment uses has a `copilot_ref` row whose foreign keys make
the database refuse to delete it (409 `agent_in_use` / `workflow_in_use` from the
agent and workflow stores).
"""
from __future__ import annotations

from rules import provider_auth
from store import pages, scope, vault
from core.db import atomic, is_postgres, iso, new_id, utcnow
from store.errors import Conflict, Invalid, NotFound
from store.models import (Agent, AgentVersion, Copilot, CopilotDeployment, CopilotRef, Tool,
                          ToolProvider, Workflow)

DEV, STAGING, PROD = "dev", "staging", "prod"
CONFIG_FIELDS = ("name", "description", "agents", "workflows", "sdk_ui", "handoff_prompt",
                 "followup_instructions")
DEFAULTS = {"description": None, "agents": [], "workflows": [], "sdk_ui": {},
            "handoff_prompt": None, "followup_instructions": []}


# --- references -------------------------------------------------------------------------


def _distinct(ids: list[str], what: str) -> None:
    seen = set()
    for ref in ids:
        if ref in seen:
            raise Invalid(f"{what} {ref} is listed twice; each {what} may appear once",
                          code=f"duplicate_{what}")
        seen.add(ref)


def check_members(org_id: str, agent_ids: list[str], workflow_ids: list[str]) -> None:
    """Every agent and workflow named must be in the caller's organization (404
    `agent_not_found` / `workflow_not_found`, naming the first missing id), each once."""
    _distinct(agent_ids, "agent")
    _distinct(workflow_ids, "workflow")
    for model, ids, what in ((Agent, agent_ids, "agent"), (Workflow, workflow_ids, "workflow")):
        if not ids:
            continue
        found = {r.id for r in scope.scoped(model, org_id, model.id).where(model.id.in_(ids))}
        missing = [i for i in ids if i not in found]
        if missing:
            raise NotFound(f"{what} {missing[0]} not found in this organization",
                           code=f"{what}_not_found")


def write_refs(org_id: str, copilot_id: str, agent_ids: list[str],
               workflow_ids: list[str]) -> None:
    """Replace the network's reference rows (inside the caller's transaction)."""
    CopilotRef.delete().where(CopilotRef.copilot == copilot_id).execute()
    rows = ([{"id": new_id(), "org": org_id, "copilot": copilot_id, "agent": a,
              "workflow": None} for a in agent_ids]
            + [{"id": new_id(), "org": org_id, "copilot": copilot_id, "agent": None,
                "workflow": w} for w in workflow_ids])
    if rows:
        CopilotRef.insert_many(rows).execute()


def ensure_unused(*, org_id: str, agent_id: str | None = None,
                  workflow_id: str | None = None) -> None:
    """409 `agent_in_use` / `workflow_in_use` while any network (dev, staging or prod) uses
    the agent or workflow; the detail names the networks."""
    column, ref, what = ((CopilotRef.agent, agent_id, "agent") if agent_id
                         else (CopilotRef.workflow, workflow_id, "workflow"))
    users = sorted({r.copilot_id for r in scope.scoped(CopilotRef, org_id, CopilotRef.copilot)
                    .where(column == ref)})
    if users:
        raise Conflict(f"the {what} is used by network(s) {', '.join(users[:10])}; remove it "
                       f"from them (and deploy) first", code=f"{what}_in_use")


def _agent_ids(agents: list[dict]) -> list[str]:
    return [a["agentId"] for a in agents]


def _workflow_ids(workflows: list[dict]) -> list[str]:
    return [w["workflowId"] for w in workflows]


# --- CRUD ---------------------------------------------------------------------------------


def _config(fields: dict, base: dict) -> dict:
    values = {**base, **{k: v for k, v in fields.items() if k in CONFIG_FIELDS}}
    values["agents"] = [{"agentId": a["agentId"]} for a in values["agents"]]
    values["workflows"] = [{"workflowId": w["workflowId"]} for w in values["workflows"]]
    values["followup_instructions"] = [{"type": f["type"], "content": f["content"]}
                                       for f in values["followup_instructions"]]
    return values


def create(*, org_id: str, fields: dict) -> Copilot:
    """A new dev network."""
    values = _config(fields, DEFAULTS)
    check_members(org_id, _agent_ids(values["agents"]), _workflow_ids(values["workflows"]))
    now = utcnow()
    with atomic():
        row = Copilot.create(id=new_id(), org=org_id, environment=DEV, created_at=now,
                             updated_at=now, **values)
        write_refs(org_id, row.id, _agent_ids(values["agents"]),
                   _workflow_ids(values["workflows"]))
    return get(org_id=org_id, copilot_id=row.id)


def get(*, org_id: str, copilot_id: str) -> Copilot:
    row = scope.scoped(Copilot, org_id).where(Copilot.id == copilot_id).first()
    if row is None:
        raise NotFound("network not found", code="copilot_not_found")
    return row


def get_dev(*, org_id: str, copilot_id: str, for_update: bool = False) -> Copilot:
    """The dev network, or 404 / 409 `network_not_dev` (locked FOR UPDATE on Postgres)."""
    query = scope.scoped(Copilot, org_id).where(Copilot.id == copilot_id)
    if for_update and is_postgres():
        query = query.for_update()
    row = query.first()
    if row is None:
        raise NotFound("network not found", code="copilot_not_found")
    if row.environment != DEV:
        raise Conflict(f"this is a {row.environment} network; only a dev network can be "
                       "changed or deployed (edit its dev network "
                       f"{row.source_copilot_id} and deploy it)", code="network_not_dev")
    return row


def list(*, org_id: str, environment: str | None = None, source_copilot_id: str | None = None,
         limit: int = 50, cursor: str | None = None) -> tuple[list, str | None]:
    """Networks, oldest first; (rows, next_cursor)."""
    query = scope.scoped(Copilot, org_id)
    if environment:
        query = query.where(Copilot.environment == environment)
    if source_copilot_id:
        query = query.where(Copilot.source_copilot == source_copilot_id)
    return pages.page(query, (Copilot.created_at, Copilot.id), limit=limit, cursor=cursor)


def update(*, org_id: str, copilot_id: str, fields: dict) -> Copilot:
    """Given fields replace the stored ones (agents, workflows and sdk_ui as a whole);
    omitted ones are kept. Only a dev network; nothing changes when a reference is bad."""
    row = get_dev(org_id=org_id, copilot_id=copilot_id)
    values = _config(fields, {k: getattr(row, k) for k in CONFIG_FIELDS})
    check_members(org_id, _agent_ids(values["agents"]), _workflow_ids(values["workflows"]))
    values["updated_at"] = utcnow()
    with atomic():
        changed = scope.update(Copilot, org_id, values, Copilot.id == copilot_id,
                               Copilot.environment == DEV)
        if not changed:
            raise NotFound("network not found", code="copilot_not_found")
        write_refs(org_id, copilot_id, _agent_ids(values["agents"]),
                   _workflow_ids(values["workflows"]))
    return get(org_id=org_id, copilot_id=copilot_id)


def delete(*, org_id: str, copilot_id: str) -> None:
    """Delete a dev network with its staging and prod networks and its deployment history.
    A staging or prod network is deleted only with its dev network (409 `network_not_dev`)."""
    get_dev(org_id=org_id, copilot_id=copilot_id)
    with atomic():
        scope.delete(Copilot, org_id, Copilot.source_copilot == copilot_id)
        if scope.delete(Copilot, org_id, Copilot.id == copilot_id) == 0:
            raise NotFound("network not found", code="copilot_not_found")


# --- reading: current agent versions, response shape -------------------------------------


def current_versions(org_id: str, agent_ids) -> dict[str, str | None]:
    """agent id -> its current version id, for the agents of org_id among agent_ids."""
    ids = sorted(set(agent_ids))
    if not ids:
        return {}
    return {r.id: r.current_version_id for r in scope.scoped(
        Agent, org_id, Agent.id, Agent.current_version_id).where(Agent.id.in_(ids))}


def agents_of(row: Copilot, versions: dict[str, str | None]) -> list[dict]:
    """`[{agentId, agentVersionId}]` in routing order: pinned for staging/prod, the current
    version (from `versions`) for dev."""
    if row.environment != DEV:
        return [{"agentId": a["agentId"], "agentVersionId": a["agentVersionId"],
                 **({"promptBlockVersions": a["promptBlockVersions"]}
                    if a.get("promptBlockVersions") else {})}
                for a in row.agents]
    return [{"agentId": a["agentId"], "agentVersionId": versions.get(a["agentId"])}
            for a in row.agents]


def _deployment_summary(d: CopilotDeployment | None) -> dict | None:
    if d is None:
        return None
    return {"id": d.id, "version": d.version, "source": d.source,
            "created_at": iso(d.created_at)}


def to_dicts(org_id: str, rows: list[Copilot]) -> list[dict]:
    """Networks in their response shape (one query for all current versions and one for the
    live deployments)."""
    versions = current_versions(org_id, [a["agentId"] for r in rows if r.environment == DEV
                                         for a in r.agents])
    live = [r.deployment_id for r in rows if r.deployment_id]
    deployments = {d.id: d for d in scope.scoped(CopilotDeployment, org_id).where(
        CopilotDeployment.id.in_(live))} if live else {}
    return [{
        "id": r.id, "name": r.name, "description": r.description,
        "environment": r.environment, "source_copilot_id": r.source_copilot_id,
        "agents": agents_of(r, versions), "workflows": r.workflows, "sdk_ui": r.sdk_ui,
        "handoff_prompt": r.handoff_prompt, "followup_instructions": r.followup_instructions,
        "deployment": _deployment_summary(deployments.get(r.deployment_id)),
        "deployed_at": iso(r.deployed_at),
        "created_at": iso(r.created_at), "updated_at": iso(r.updated_at),
    } for r in rows]


def to_dict(org_id: str, row: Copilot) -> dict:
    return to_dicts(org_id, [row])[0]


# --- what the chat runtime and the widget need ---------------------------------------------


def resolved_agents(org_id: str, row: Copilot) -> list[dict]:
    """`[{agentId, agentVersionId}]` a turn runs; 409 `agent_unavailable` when a dev
    network's agent has no current version."""
    agents = agents_of(row, current_versions(org_id, _agent_ids(row.agents)))
    for a in agents:
        if not a["agentVersionId"]:
            raise Conflict(f"agent {a['agentId']} of the network has no current version",
                           code="agent_unavailable")
    return agents


def runtime_config(*, org_id: str, copilot_id: str) -> dict:
    """What a turn of the network runs: {"id", "name", "environment",
    "agents": [{"agent_id", "agent_version_id", "prompt_block_versions"?}] (routing order;
    dev: current versions now; staging/prod: pinned, with the pinned prompt block versions), "workflows": [{"workflow_id"}], "handoff_prompt": str|None,
    "followup_instructions": [{"type", "content"}]}. NotFound for another org's id."""
    row = get(org_id=org_id, copilot_id=copilot_id)
    return {
        "id": row.id, "name": row.name, "environment": row.environment,
        "agents": [{"agent_id": a["agentId"], "agent_version_id": a["agentVersionId"],
                    **({"prompt_block_versions": a["promptBlockVersions"]}
                       if a.get("promptBlockVersions") else {})}
                   for a in resolved_agents(org_id, row)],
        "workflows": [{"workflow_id": w["workflowId"]} for w in row.workflows],
        "handoff_prompt": row.handoff_prompt,
        "followup_instructions": [{"type": f["type"], "content": f["content"]}
                                  for f in row.followup_instructions],
    }


def runtime_auth_providers(*, org_id: str, row: Copilot, user_id: str | None) -> list[dict]:
    """The tool providers the network's agents need (each agent version's `tool_ids` via
    their tools, and its `tool_provider_ids`), with the credential fields each expects and
    whether the user already holds credentials for it (or it needs none). No values."""
    version_ids = [a["agentVersionId"] for a in agents_of(
        row, current_versions(org_id, _agent_ids(row.agents))) if a["agentVersionId"]]
    if not version_ids:
        return []
    tool_ids, provider_ids = set(), set()
    for v in scope.scoped(AgentVersion, org_id, AgentVersion.tool_ids,
                          AgentVersion.tool_provider_ids).where(AgentVersion.id.in_(version_ids)):
        tool_ids.update(v.tool_ids or [])
        provider_ids.update(v.tool_provider_ids or [])
    if tool_ids:
        provider_ids.update(t.provider_id for t in scope.scoped(Tool, org_id, Tool.provider)
                            .where(Tool.id.in_(sorted(tool_ids))))
    if not provider_ids:
        return []
    providers = [*scope.scoped(ToolProvider, org_id).where(
        ToolProvider.id.in_(sorted(provider_ids))).order_by(ToolProvider.name, ToolProvider.id)]
    held = vault.held_providers(org_id=org_id, user_id=user_id,
                                provider_ids=[p.id for p in providers])
    out = []
    for p in providers:
        auth = p.auth or {}
        kind = auth.get("type", "none")
        fields = provider_auth.expected_fields(auth)
        out.append({"id": p.id, "name": p.name, "type": p.type, "auth_type": kind,
                    "fields": fields,
                    "optional_fields": sorted(vault.OPTIONAL_FIELDS.get(kind, set())),
                    "oauth_connect": kind == "oauth2",
                    "has_credentials": not fields or p.id in held})
    return out


def view(*, org_id: str, copilot_id: str, user_id: str | None) -> dict:
    """GET /v1/copilots/{id}: the network and the providers its agents need, judged for
    user_id (the calling end user, if any)."""
    row = get(org_id=org_id, copilot_id=copilot_id)
    return {"copilot": to_dict(org_id, row),
            "runtimeAuthProviders": runtime_auth_providers(org_id=org_id, row=row,
                                                           user_id=user_id)}

"""Promotion of a dev network onto its staging and prod networks, rollback, and history.

A deployment copies a snapshot (the configuration with each agent's version pinned) onto the
target network, creating it on first use (unique on (source network, environment)), and
records it with a number per target. Each deploy runs in one transaction that first locks the
dev network row (Postgres: FOR UPDATE; SQLite transactions begin IMMEDIATE), so concurrent
deploys of one network are serialized; a unique violation that still slips through (a
concurrent first deploy) is retried from the start.
"""
from __future__ import annotations

from store import copilots, pages, prompt_blocks, scope, webhooks
from core.db import atomic, iso, new_id, utcnow
from store.errors import Conflict, Invalid
from store.models import Agent, AgentVersion, Copilot, CopilotDeployment, Workflow
from store.models_blocks import PromptBlockVersion

TARGETS = (copilots.STAGING, copilots.PROD)
SNAPSHOT_FIELDS = ("name", "description", "agents", "workflows", "sdk_ui", "handoff_prompt",
                   "followup_instructions")
ATTEMPTS = 5


def _retrying(work):
    for attempt in range(ATTEMPTS):
        try:
            with atomic():
                return work()
        except Conflict as exc:  # "conflict": a unique violation of a concurrent deploy
            if exc.code != "conflict" or attempt == ATTEMPTS - 1:
                raise
    raise AssertionError("unreachable")


def _target_row(dev_id: str, target: str) -> Copilot | None:
    return Copilot.select().where(Copilot.source_copilot == dev_id,
                                  Copilot.environment == target).first()


def snapshot_of_dev(org_id: str, dev: Copilot) -> dict:
    """The dev network's configuration now, each agent pinned to its current version.
    409 `agent_unavailable` / `workflow_unavailable` when one is gone or has no version."""
    versions = copilots.current_versions(org_id, [a["agentId"] for a in dev.agents])
    instructions = {v.id: v.instructions for v in scope.scoped(
        AgentVersion, org_id, AgentVersion.id, AgentVersion.instructions)
        .where(AgentVersion.id.in_([v for v in versions.values() if v]))} if versions else {}
    pins = prompt_blocks.pins_of(org_id, instructions)
    agents = []
    for a in dev.agents:
        version_id = versions.get(a["agentId"])
        if not version_id:
            raise Conflict(f"agent {a['agentId']} of the network was deleted or has no "
                           "current version", code="agent_unavailable")
        agents.append({"agentId": a["agentId"], "agentVersionId": version_id,
                       **({"promptBlockVersions": pins[version_id]}
                          if pins.get(version_id) else {})})
    _check_workflows(org_id, dev.workflows, "workflow_unavailable")
    return {"name": dev.name, "description": dev.description, "agents": agents,
            "workflows": [dict(w) for w in dev.workflows], "sdk_ui": dev.sdk_ui,
            "handoff_prompt": dev.handoff_prompt,
            "followup_instructions": dev.followup_instructions}


def _check_workflows(org_id: str, workflows: list[dict], code: str) -> None:
    ids = [w["workflowId"] for w in workflows]
    if not ids:
        return
    found = {r.id for r in scope.scoped(Workflow, org_id, Workflow.id).where(Workflow.id.in_(ids))}
    missing = [i for i in ids if i not in found]
    if missing:
        raise Conflict(f"workflow {missing[0]} of the snapshot was deleted", code=code)


def _check_snapshot(org_id: str, snapshot: dict) -> None:
    """A stored snapshot is restorable while its pinned versions and workflows exist."""
    version_ids = [a["agentVersionId"] for a in snapshot["agents"]]
    if version_ids:
        found = {r.id for r in scope.scoped(AgentVersion, org_id, AgentVersion.id)
                 .join(Agent, on=(AgentVersion.agent == Agent.id))
                 .where(AgentVersion.id.in_(version_ids))}
        missing = [a for a in snapshot["agents"] if a["agentVersionId"] not in found]
        if missing:
            raise Conflict(f"agent {missing[0]['agentId']} of that snapshot was deleted",
                           code="snapshot_unavailable")
    pinned = {v for a in snapshot["agents"] for v in (a.get("promptBlockVersions") or {}).values()}
    if pinned:
        found = {r.id for r in scope.scoped(PromptBlockVersion, org_id, PromptBlockVersion.id)
                 .where(PromptBlockVersion.id.in_(sorted(pinned)))}
        if pinned - found:
            raise Conflict("a prompt block that snapshot pinned was deleted",
                           code="snapshot_unavailable")
    _check_workflows(org_id, snapshot["workflows"], "snapshot_unavailable")


def _snapshot_of(row: Copilot) -> dict:
    return {k: getattr(row, k) for k in SNAPSHOT_FIELDS}


def _apply(org_id: str, dev: Copilot, target: str, snapshot: dict, *, source: str,
           previous: str | None, restored: str | None = None,
           row: Copilot | None = None) -> tuple[Copilot, CopilotDeployment, bool]:
    now = utcnow()
    created = row is None
    if created:
        row = Copilot.create(id=new_id(), org=org_id, environment=target,
                             source_copilot=dev.id, created_at=now, updated_at=now,
                             **snapshot)
    last = (CopilotDeployment.select(CopilotDeployment.version)
            .where(CopilotDeployment.copilot == dev.id, CopilotDeployment.target == target)
            .order_by(CopilotDeployment.version.desc()).first())
    deployment = CopilotDeployment.create(
        id=new_id(), org=org_id, copilot=dev.id, target=target, target_copilot_id=row.id,
        source=source, version=(last.version if last else 0) + 1, snapshot=snapshot,
        previous_deployment_id=previous, restored_deployment_id=restored, created_at=now)
    Copilot.update(**snapshot, deployment_id=deployment.id, deployed_at=now,
                   updated_at=now).where(Copilot.id == row.id).execute()
    copilots.write_refs(org_id, row.id, [a["agentId"] for a in snapshot["agents"]],
                        [w["workflowId"] for w in snapshot["workflows"]])
    webhooks.emit(org_id=org_id, event_type="deployment.rolled_back" if source == "rollback"
                  else "deployment.created", data=lambda: {"deployment": to_dict(deployment)})
    return Copilot.get_by_id(row.id), deployment, created


def deploy(*, org_id: str, copilot_id: str, target: str,
           source: str = copilots.DEV) -> tuple[Copilot, CopilotDeployment, bool]:
    """Copy the dev network's configuration (or, with source `staging`, its staging
    network's live snapshot) onto its `target` network. Returns (target network, deployment,
    whether the target network was created)."""
    if target not in TARGETS:
        raise Invalid("target must be staging or prod", code="invalid_deploy_target")
    if source not in (copilots.DEV, copilots.STAGING) or source == target:
        raise Invalid("a deployment goes from dev to staging or prod, or from staging to prod",
                      code="invalid_deploy_source")

    def work():
        dev = copilots.get_dev(org_id=org_id, copilot_id=copilot_id, for_update=True)
        if source == copilots.DEV:
            snapshot = snapshot_of_dev(org_id, dev)
        else:
            staging = _target_row(dev.id, copilots.STAGING)
            if staging is None or not staging.deployment_id:
                raise Conflict("the network was never deployed to staging",
                               code="network_not_deployed")
            snapshot = _snapshot_of(staging)
        row = _target_row(dev.id, target)
        return _apply(org_id, dev, target, snapshot, source=source, row=row,
                      previous=row.deployment_id if row else None)

    return _retrying(work)


def rollback(*, org_id: str, copilot_id: str, target: str) -> tuple[Copilot, CopilotDeployment]:
    """Make the snapshot live on `target` that was live before its current deployment;
    repeated rollbacks walk further back. 409 `network_not_deployed` /
    `no_previous_deployment` / `snapshot_unavailable`."""
    def work():
        dev = copilots.get_dev(org_id=org_id, copilot_id=copilot_id, for_update=True)
        row = _target_row(dev.id, target)
        if row is None or not row.deployment_id:
            raise Conflict(f"the network was never deployed to {target}",
                           code="network_not_deployed")
        current = CopilotDeployment.get_by_id(row.deployment_id)
        if not current.previous_deployment_id:
            raise Conflict(f"there is no earlier deployment on {target} to roll back to",
                           code="no_previous_deployment")
        restore = CopilotDeployment.get_by_id(current.previous_deployment_id)
        _check_snapshot(org_id, restore.snapshot)
        target_row, deployment, _ = _apply(
            org_id, dev, target, restore.snapshot, source="rollback", row=row,
            previous=restore.previous_deployment_id, restored=restore.id)
        return target_row, deployment

    return _retrying(work)


def history(*, org_id: str, copilot_id: str, target: str | None = None, limit: int = 50,
            cursor: str | None = None) -> tuple[list, str | None]:
    """Deployments of a dev network (or onto one staging/prod network), newest first;
    (rows, next_cursor)."""
    row = copilots.get(org_id=org_id, copilot_id=copilot_id)
    query = scope.scoped(CopilotDeployment, org_id)
    if row.environment == copilots.DEV:
        query = query.where(CopilotDeployment.copilot == row.id)
    else:
        query = query.where(CopilotDeployment.target_copilot_id == row.id)
    if target:
        query = query.where(CopilotDeployment.target == target)
    return pages.page(query, (CopilotDeployment.created_at, CopilotDeployment.id), limit=limit,
                      cursor=cursor, desc=True)


def to_dict(d: CopilotDeployment) -> dict:
    return {"id": d.id, "copilot_id": d.copilot_id, "target": d.target,
            "target_copilot_id": d.target_copilot_id, "source": d.source,
            "version": d.version, "snapshot": d.snapshot,
            "previous_deployment_id": d.previous_deployment_id,
            "restored_deployment_id": d.restored_deployment_id,
            "created_at": iso(d.created_at)}

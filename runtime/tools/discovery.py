"""MCP discovery: list each provider's server (concurrently, with timeouts) and store its tools.

A discovered tool is stored with method POST, path and operation_id = the MCP tool name, and
its input (and output) schema. Tools the server no longer lists are deleted. A provider that
fails keeps its stored tools but contributes zero tools to the registry until it answers.
"""
from __future__ import annotations

import dataclasses
import hashlib
import json

from runtime.tools import mcp_client
from store import providers as provider_store
from store import webhooks
from core.db import atomic, new_id, utcnow
from store.errors import Conflict
from store.models import McpState, Tool, ToolProvider


@dataclasses.dataclass
class Outcome:
    provider_id: str
    provider_name: str
    error: str | None = None
    changed_tool_ids: set = dataclasses.field(default_factory=set)
    state_changed: bool = False


def _digest(tools: list[dict]) -> str:
    blob = json.dumps(sorted(tools, key=lambda t: t["name"]), sort_keys=True, default=str)
    return hashlib.sha256(blob.encode()).hexdigest()


def _record(org_id: str, provider_id: str, status: str, error: str | None,
            digest: str | None) -> bool:
    """Store the discovery state; returns whether the status changed."""
    previous = McpState.get_or_none(McpState.provider == provider_id)
    values = {"status": status, "error": error, "checked_at": utcnow()}
    if digest is not None:
        values["tools_digest"] = digest
    if previous is None:
        try:
            with atomic():
                McpState.insert(org=org_id, provider=provider_id,
                                **{"tools_digest": digest, **values}).execute()
                if status == "failed":
                    _discovery_failed(org_id, provider_id, error)
            return status == "failed"
        except Conflict:  # a concurrent sync recorded it first
            previous = McpState.get(McpState.provider == provider_id)
    with atomic():
        changed = (McpState.update(values)
                   .where(McpState.provider == provider_id, McpState.status != status).execute())
        if not changed:
            McpState.update(values).where(McpState.provider == provider_id).execute()
        elif status == "failed":  # ok -> failed: announced once, with the change
            _discovery_failed(org_id, provider_id, error)
    return bool(changed)


def _discovery_failed(org_id: str, provider_id: str, error: str | None) -> None:
    def data():
        row = ToolProvider.get_by_id(provider_id)
        return {"tool_provider": provider_store.to_dict(row), "error": error}

    webhooks.emit(org_id=org_id, event_type="tool_provider.discovery_failed", data=data)


def _store(org_id: str, provider: ToolProvider, listed: list[dict]) -> set:
    """Make the stored tools match the listing; returns the ids that changed."""
    existing = {t.path: t for t in Tool.select().where(Tool.provider == provider.id)}
    changed, now = set(), utcnow()
    with atomic():
        for item in listed:
            fields = {"description": item["description"], "input_schema": item["input_schema"],
                      "output_schema": item["output_schema"]}
            row = existing.pop(item["name"], None)
            if row is None:
                tool_id = new_id()
                Tool.create(id=tool_id, org=org_id, provider=provider.id, name=item["name"][:255],
                            method="POST", path=item["name"], operation_id=item["name"][:255],
                            timeout_ms=None, is_enabled=True, tags=None, deprecated=None,
                            created_at=now, updated_at=now, **fields)
                changed.add(tool_id)
            elif any(getattr(row, k) != v for k, v in fields.items()):
                Tool.update(updated_at=now, **fields).where(Tool.id == row.id).execute()
                changed.add(row.id)
        for row in existing.values():
            Tool.delete().where(Tool.id == row.id).execute()
            changed.add(row.id)
    return changed


def sync(org_id: str, providers: list[ToolProvider]) -> list[Outcome]:
    """Rediscover the tools of mcp providers. Never raises for a failing server."""
    servers = [mcp_client.server_for(p, provider_store.secrets_of(p)) for p in providers]
    listings = mcp_client.list_many(servers) if servers else []
    outcomes = []
    for provider, listed in zip(providers, listings):
        outcome = Outcome(provider.id, provider.name)
        if isinstance(listed, Exception):
            outcome.error = str(listed) or "discovery failed"
            outcome.state_changed = _record(org_id, provider.id, "failed", outcome.error, None)
        else:
            digest = _digest(listed)
            state = McpState.get_or_none(McpState.provider == provider.id)
            stored = Tool.select().where(Tool.provider == provider.id).count()
            if state is None or state.tools_digest != digest or stored != len(listed):
                outcome.changed_tool_ids = _store(org_id, provider, listed)
            outcome.state_changed = _record(org_id, provider.id, "ok", None, digest)
        outcomes.append(outcome)
    return outcomes

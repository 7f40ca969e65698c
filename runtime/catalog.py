"""Changes to providers and tools, each followed by the registry reload + dependent rebuild
(jobs.rebuild.dispatch). One function per API operation that changes tools."""
from __future__ import annotations

from jobs import rebuild
from runtime import mcp_client
from store import openapi_import
from store import providers as provider_store
from store import tools as tool_store
from store.errors import Conflict, Invalid


def _rebuild(settings, org_id, *, scope, tool_ids=(), provider_ids=(), sync=()) -> dict:
    return rebuild.dispatch(settings, org_id=org_id, scope=scope, tool_ids=list(tool_ids),
                            provider_ids=list(provider_ids), sync_provider_ids=list(sync))


def _provider_body(row, rebuild_result=None) -> dict:
    return {"tool_provider": provider_store.to_dict(row), "rebuild": rebuild_result}


def create_provider(*, settings, org_id: str, fields: dict) -> dict:
    row = provider_store.create(org_id=org_id, fields=fields,
                                stdio_enabled=settings.mcp_stdio_enabled)
    if row.type != "mcp":
        return _provider_body(row)
    result = _rebuild(settings, org_id, scope="mcp", sync=[row.id])
    return _provider_body(row, result)


def update_provider(*, settings, org_id: str, provider_id: str, fields: dict) -> dict:
    row, mcp_changed = provider_store.update(org_id=org_id, provider_id=provider_id,
                                             fields=fields,
                                             stdio_enabled=settings.mcp_stdio_enabled)
    if row.type != "mcp":
        return _provider_body(row)
    mcp_client.close(row.id)  # a new configuration gets a new connection
    result = _rebuild(settings, org_id, scope="mcp", sync=[row.id]) if mcp_changed else None
    return _provider_body(row, result)


def delete_provider(*, settings, org_id: str, provider_id: str) -> dict:
    row = provider_store.get(org_id=org_id, provider_id=provider_id)
    tool_ids = [t for t, in tool_store.Tool.select(tool_store.Tool.id)
                .where(tool_store.Tool.provider == row.id).tuples()]
    provider_store.delete(org_id=org_id, provider_id=provider_id)
    mcp_client.close(row.id)
    scope = "mcp" if row.type == "mcp" else "custom"
    return {"rebuild": _rebuild(settings, org_id, scope=scope, tool_ids=tool_ids,
                                provider_ids=[row.id])}


def sync_provider(*, settings, org_id: str, provider_id: str) -> dict:
    row = provider_store.get(org_id=org_id, provider_id=provider_id)
    if row.type != "mcp":
        raise Conflict("only an mcp provider is synced from its server; api tools are "
                       "created by hand or imported", code="provider_not_mcp")
    result = _rebuild(settings, org_id, scope="mcp", sync=[row.id])
    tools, _ = tool_store.list(org_id=org_id, tool_provider_id=row.id, limit=10_000)
    return {"tool_provider": provider_store.to_dict(row),
            "tools": [tool_store.to_dict(t) for t in tools], "rebuild": result}


def sync_all(*, settings, org_id: str) -> dict:
    """Reload the whole registry: rediscover every mcp provider (scope `all`)."""
    ids = [p.id for p in provider_store.list(org_id=org_id, type="mcp")]
    return {"rebuild": _rebuild(settings, org_id, scope="all", sync=ids)}


def import_openapi(*, settings, org_id: str, provider_id: str, body) -> dict:
    provider = provider_store.get(org_id=org_id, provider_id=provider_id)
    if provider.type != "api":
        raise Conflict("tools are imported into an api provider only", code="provider_not_api")
    candidates, skipped = openapi_import.operations(openapi_import.parse(body))
    created = []
    for fields in candidates:
        oversized = openapi_import.oversized_schema(fields)
        if oversized:
            skipped.append({"method": fields["method"], "path": fields["path"],
                            "reason": f"its {oversized} is larger than "
                                      f"{openapi_import.SCHEMA_MAX_BYTES} bytes"})
            continue
        try:
            created.append(tool_store.create(org_id=org_id,
                                             fields={**fields, "tool_provider_id": provider.id}))
        except (Conflict, Invalid) as exc:
            skipped.append({"method": fields["method"], "path": fields["path"],
                            "reason": exc.detail})
    result = _rebuild(settings, org_id, scope="custom", tool_ids=[t.id for t in created],
                      provider_ids=[provider.id]) if created else None
    return {"created": [tool_store.to_dict(t) for t in created], "skipped": skipped,
            "rebuild": result}


def create_tool(*, settings, org_id: str, fields: dict) -> dict:
    tool = tool_store.create(org_id=org_id, fields=fields)
    result = _rebuild(settings, org_id, scope="custom", tool_ids=[tool.id],
                      provider_ids=[tool.provider_id])
    return {"tool": tool_store.to_dict(tool), "rebuild": result}


def update_tool(*, settings, org_id: str, tool_id: str, fields: dict) -> dict:
    tool, provider = tool_store.update(org_id=org_id, tool_id=tool_id, fields=fields)
    result = _rebuild(settings, org_id, scope=rebuild.scope_of([provider.type]),
                      tool_ids=[tool.id], provider_ids=[provider.id])
    return {"tool": tool_store.to_dict(tool), "rebuild": result}


def delete_tool(*, settings, org_id: str, tool_id: str) -> dict:
    tool, provider = tool_store.get_with_provider(org_id=org_id, tool_id=tool_id)
    if provider.type == "mcp":
        raise Conflict("tools of an mcp provider are discovered; disable them instead",
                       code="mcp_tool_read_only")
    tool_store.delete(org_id=org_id, tool_id=tool_id)
    return {"rebuild": _rebuild(settings, org_id, scope="custom", tool_ids=[tool.id],
                                provider_ids=[provider.id])}


"""Tool providers: CRUD, MCP discovery (sync) and OpenAPI import."""
from __future__ import annotations

from handlers import created, ok
from runtime.tools import catalog
from store import providers


def list_tool_providers(caller, type=None, limit=50, cursor=None):
    rows, following = providers.list(org_id=caller.org_id, type=type, limit=limit, cursor=cursor)
    return ok({"tool_providers": providers.to_dicts(rows), "next_cursor": following})


def create_tool_provider(caller, settings, body):
    result = catalog.create_provider(settings=settings, org_id=caller.org_id, fields=body)
    return created(result, f"/v1/tool-providers/{result['tool_provider']['id']}")


def get_tool_provider(caller, id):
    row = providers.get(org_id=caller.org_id, provider_id=id)
    return ok({"tool_provider": providers.to_dict(row)})


def update_tool_provider(caller, settings, id, body):
    return ok(catalog.update_provider(settings=settings, org_id=caller.org_id, provider_id=id,
                                      fields=body))


def delete_tool_provider(caller, settings, id):
    return ok(catalog.delete_provider(settings=settings, org_id=caller.org_id, provider_id=id))


def sync_tool_provider(caller, settings, id):
    return ok(catalog.sync_provider(settings=settings, org_id=caller.org_id, provider_id=id))


def sync_all_tool_providers(caller, settings):
    return ok(catalog.sync_all(settings=settings, org_id=caller.org_id))


def import_tool_provider(caller, settings, id, body):
    result = catalog.import_openapi(settings=settings, org_id=caller.org_id, provider_id=id,
                                    body=body)
    return created(result, f"/v1/tools?tool_provider_id={id}")  # the provider's tools

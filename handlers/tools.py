"""Tools: CRUD with the naming rules, and execution."""
from __future__ import annotations

from handlers import created, ok
from runtime.tools import catalog
from runtime.tools import service as tool_runtime
from store import tools


def list_tools(caller, tool_provider_id=None, provider_type=None, is_enabled=None, method=None,
               tag=None, name=None, limit=50, cursor=None):
    rows, following = tools.list(org_id=caller.org_id, tool_provider_id=tool_provider_id,
                                 provider_type=provider_type, is_enabled=is_enabled,
                                 method=method, tag=tag, name=name, limit=limit, cursor=cursor)
    return ok({"tools": [tools.to_dict(r) for r in rows], "next_cursor": following})


def create_tool(caller, settings, body):
    result = catalog.create_tool(settings=settings, org_id=caller.org_id, fields=body)
    return created(result, f"/v1/tools/{result['tool']['id']}")


def get_tool(caller, toolId):
    return ok({"tool": tools.to_dict(tools.get(org_id=caller.org_id, tool_id=toolId))})


def update_tool(caller, settings, toolId, body):
    return ok(catalog.update_tool(settings=settings, org_id=caller.org_id, tool_id=toolId,
                                  fields=body))


def delete_tool(caller, settings, toolId):
    return ok(catalog.delete_tool(settings=settings, org_id=caller.org_id, tool_id=toolId))


def execute_tool(caller, toolId, body=None):
    return ok(tool_runtime.execute(org_id=caller.org_id, tool_id=toolId,
                                   input=(body or {}).get("input") or {}, user_id=caller.user_id))

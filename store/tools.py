"""Tools: naming, uniqueness within a provider, CRUD. Unique indexes back every rule:
(provider, name), (provider, method, path), (provider, operation_id).

Names: path punctuation (`/`, `{`, `}`) is stripped; a name already used in the provider
becomes `<name> <METHOD>`, then `<name> <METHOD> 2`, `3`, ... The insert relies on the unique
index and retries with the next free name when a concurrent request took it first.
"""
from __future__ import annotations

import re

from store import pages, scope
from core.db import atomic, iso, new_id, utcnow
from store.errors import Conflict, Invalid, NotFound
from store.models import Tool, ToolProvider

DEFAULTS = {"method": "GET", "timeout_ms": 30000, "is_enabled": True, "operation_id": None,
            "tags": None, "deprecated": False, "description": None, "input_schema": None,
            "output_schema": None, "requires_approval": False, "approval_timeout_s": None}
MCP_WRITABLE = {"is_enabled", "requires_approval", "approval_timeout_s"}
_PUNCTUATION = re.compile(r"[/{}]")
_ATTEMPTS = 20


def clean_name(name: str) -> str:
    cleaned = " ".join(_PUNCTUATION.sub(" ", name).split())
    if not cleaned:
        raise Invalid("the tool name is empty once path punctuation (/ { }) is stripped",
                      code="invalid_tool_name")
    return cleaned


def _candidates(base: str, method: str):
    yield base
    yield f"{base} {method}"
    counter = 2
    while True:
        yield f"{base} {method} {counter}"
        counter += 1


def _free_name(provider_id: str, base: str, method: str, exclude: str | None) -> str:
    query = Tool.select(Tool.name).where(Tool.provider == provider_id,
                                         (Tool.name == base) | Tool.name.startswith(base + " "))
    if exclude:
        query = query.where(Tool.id != exclude)
    taken = {row.name for row in query}
    for candidate in _candidates(base, method):
        if candidate not in taken:
            return candidate
    raise AssertionError("unreachable")


def _check_unique(provider_id: str, method: str, path: str, operation_id: str | None,
                  exclude: str | None) -> None:
    query = Tool.select(Tool.id).where(Tool.provider == provider_id)
    if exclude:
        query = query.where(Tool.id != exclude)
    if query.where(Tool.method == method, Tool.path == path).exists():
        raise Conflict(f"{method} {path} is already a tool of this provider",
                       code="tool_path_conflict")
    if operation_id is not None and query.where(Tool.operation_id == operation_id).exists():
        raise Conflict(f"operation_id {operation_id!r} is already used in this provider",
                       code="tool_operation_id_conflict")


def _save(provider_id: str, values: dict, exclude: str | None, write) -> Tool:
    """Name the tool and write it; a unique-index race on the name retries with the next
    free name, a race on method+path or operation_id is a 409."""
    base = values["name"]
    for _ in range(_ATTEMPTS):
        _check_unique(provider_id, values["method"], values["path"], values["operation_id"],
                      exclude)
        name = base if exclude and values.get("_keep_name") else _free_name(
            provider_id, base, values["method"], exclude)
        try:
            with atomic():
                return write({**{k: v for k, v in values.items() if k != "_keep_name"},
                              "name": name})
        except Conflict:
            continue
    raise Conflict("the tool name stayed taken by concurrent requests; retry",
                   code="tool_name_conflict")


def provider_for_tools(org_id: str, provider_id: str) -> ToolProvider:
    return scope.get(ToolProvider, org_id, ToolProvider.id == provider_id, what="tool provider")


def create(*, org_id: str, fields: dict) -> Tool:
    """Create an api tool (rules of POST /v1/tools)."""
    provider = provider_for_tools(org_id, fields["tool_provider_id"])
    if provider.type != "api":
        raise Conflict("tools of an mcp provider are discovered from its server and cannot be "
                       "created by hand", code="provider_not_api")
    values = {**DEFAULTS, **{k: v for k, v in fields.items() if k != "tool_provider_id"}}
    values["name"] = clean_name(values["name"])
    now = utcnow()

    def write(row_values):
        return Tool.create(id=new_id(), org=org_id, provider=provider.id, created_at=now,
                           updated_at=now, **row_values)

    return _save(provider.id, values, None, write)


def get(*, org_id: str, tool_id: str) -> Tool:
    return scope.get(Tool, org_id, Tool.id == tool_id, what="tool")


def get_with_provider(*, org_id: str, tool_id: str) -> tuple[Tool, ToolProvider]:
    row = (Tool.select(Tool, ToolProvider).join(ToolProvider)
           .where(Tool.org == org_id, Tool.id == tool_id).first())
    if row is None:
        raise NotFound("tool not found")
    return row, row.provider


_LISTING = pages.Listing(lambda org_id: scope.scoped(Tool, org_id), (Tool.created_at, Tool.id))


def list(*, org_id: str, tool_provider_id: str | None = None, is_enabled: bool | None = None,
         method: str | None = None, tag: str | None = None, name: str | None = None,
         provider_type: str | None = None, limit: int = 50,
         cursor: str | None = None) -> tuple[list, str | None]:
    """Tools, oldest first; (rows, next_cursor)."""
    if not (tool_provider_id or is_enabled is not None or method or name or provider_type or tag):
        return _LISTING.page(org_id, limit=limit, cursor=cursor)
    query = scope.scoped(Tool, org_id)
    if tool_provider_id:
        query = query.where(Tool.provider == tool_provider_id)
    if is_enabled is not None:
        query = query.where(Tool.is_enabled == is_enabled)
    if method:
        query = query.where(Tool.method == method)
    if name:
        query = query.where(Tool.name.contains(name))
    if provider_type:
        query = query.join(ToolProvider).where(ToolProvider.type == provider_type)
    # tags are JSON: a tag is filtered here, portable across engines
    keep = (lambda row: tag in (row.tags or [])) if tag else None
    return pages.page(query, (Tool.created_at, Tool.id), limit=limit, cursor=cursor, keep=keep)


def of_provider(*, org_id: str, provider_id: str) -> list[Tool]:
    """Every tool of one provider, oldest first."""
    return [*scope.scoped(Tool, org_id).where(Tool.provider == provider_id)
            .order_by(Tool.created_at, Tool.id)]


def update(*, org_id: str, tool_id: str, fields: dict) -> tuple[Tool, ToolProvider]:
    """Partial update with the create rules. Tools of an mcp provider: only is_enabled."""
    row, provider = get_with_provider(org_id=org_id, tool_id=tool_id)
    if provider.type == "mcp" and set(fields) - MCP_WRITABLE:
        raise Conflict("tools of an mcp provider are read-only except is_enabled and their "
                       "approval settings",
                       code="mcp_tool_read_only")
    values = {k: getattr(row, k) for k in (*DEFAULTS, "path", "name")}
    values.update(fields)
    if "name" in fields:
        values["name"] = clean_name(fields["name"])
    values["_keep_name"] = values["name"] == row.name
    values["updated_at"] = utcnow()

    def write(row_values):
        Tool.update(row_values).where(Tool.id == row.id).execute()
        return Tool.get_by_id(row.id)

    return _save(provider.id, values, row.id, write), provider


def delete(*, org_id: str, tool_id: str) -> tuple[Tool, ToolProvider]:
    row, provider = get_with_provider(org_id=org_id, tool_id=tool_id)
    scope.delete(Tool, org_id, Tool.id == tool_id)
    return row, provider


def to_dict(row: Tool) -> dict:
    return {
        "id": row.id, "tool_provider_id": row.provider_id, "name": row.name,
        "description": row.description, "method": row.method, "path": row.path,
        "input_schema": row.input_schema, "output_schema": row.output_schema,
        "timeout_ms": row.timeout_ms, "is_enabled": row.is_enabled,
        "operation_id": row.operation_id, "tags": row.tags, "deprecated": row.deprecated,
        "requires_approval": row.requires_approval,
        "approval_timeout_s": row.approval_timeout_s,
        "created_at": iso(row.created_at), "updated_at": iso(row.updated_at),
    }

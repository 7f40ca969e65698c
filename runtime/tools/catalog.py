"""Changes to providers and tools, each followed by the registry reload + dependent rebuild
(runtime.dispatch: jobs.rebuild.dispatch). One function per API operation that changes tools.
The rebuild of a change is recorded in the change's own transaction (store/outbox.py) and
dispatched after the commit (runtime.dispatch.after_commit), so a change that committed is never answered with an error: a rebuild that could
not run yet is reported `skipped` and runs when the outbox relay delivers it."""
from __future__ import annotations

import contextlib

from rules import openapi_import
from runtime import dispatch
from runtime.tools import mcp_client
from store import outbox
from store import providers as provider_store
from store import tools as tool_store
from core.db import atomic
from store.errors import Conflict, Invalid, TooLarge


def _kwargs(org_id, scope, tool_ids=(), provider_ids=(), sync=()) -> dict:
    return {"org_id": org_id, "scope": scope, "tool_ids": sorted(tool_ids),
            "provider_ids": sorted(provider_ids), "sync_provider_ids": sorted(sync)}


def scope_of(provider_types) -> str:
    """The rebuild's scope for changes to providers of these types: custom, mcp or all."""
    kinds = {("mcp" if t == "mcp" else "custom") for t in provider_types}
    return kinds.pop() if len(kinds) == 1 else "all"


def _rebuild(settings, org_id, *, scope, tool_ids=(), provider_ids=(), sync=()) -> dict:
    """A rebuild that follows no commit of its own (a sync): dispatched at once."""
    return dispatch.rebuild(settings, **_kwargs(org_id, scope, tool_ids, provider_ids, sync))


@contextlib.contextmanager
def _change(settings, org_id, **what):
    """A change and its rebuild, recorded in one transaction (the outbox); the rebuild is
    dispatched after the commit. ``result`` holds the rebuild result, or, when it could not
    run yet (the relay will run it), the result with the dependents as `skipped`."""
    outcome = {}
    with atomic():
        yield outcome
        if outcome.get("skip"):
            return
        kwargs = _kwargs(org_id, **{**what, **outcome.get("what", {})})
        entry = outbox.add(kind="rebuild", payload=kwargs, org_id=org_id)
    outcome["result"] = dispatch.after_commit(settings, entry)


def _provider_body(row, rebuild_result=None) -> dict:
    return {"tool_provider": provider_store.to_dict(row), "rebuild": rebuild_result}


def create_provider(*, settings, org_id: str, fields: dict) -> dict:
    if fields.get("type") != "mcp":
        return _provider_body(provider_store.create(org_id=org_id, fields=fields,
                                                    stdio_enabled=settings.mcp_stdio_enabled))
    with _change(settings, org_id, scope="mcp") as change:
        row = provider_store.create(org_id=org_id, fields=fields,
                                    stdio_enabled=settings.mcp_stdio_enabled)
        change["what"] = {"sync": [row.id]}
    return _provider_body(row, change["result"])


def update_provider(*, settings, org_id: str, provider_id: str, fields: dict) -> dict:
    with _change(settings, org_id, scope="mcp") as change:
        row, mcp_changed = provider_store.update(org_id=org_id, provider_id=provider_id,
                                                 fields=fields,
                                                 stdio_enabled=settings.mcp_stdio_enabled)
        change["skip"] = row.type != "mcp" or not mcp_changed
        change["what"] = {"sync": [row.id]}
    if row.type != "mcp":
        return _provider_body(row)
    mcp_client.close(row.id)  # a new configuration gets a new connection
    return _provider_body(row, change.get("result"))


def delete_provider(*, settings, org_id: str, provider_id: str) -> dict:
    row = provider_store.get(org_id=org_id, provider_id=provider_id)
    tool_ids = [t for t, in tool_store.Tool.select(tool_store.Tool.id)
                .where(tool_store.Tool.provider == row.id).tuples()]
    scope = "mcp" if row.type == "mcp" else "custom"
    with _change(settings, org_id, scope=scope, tool_ids=tool_ids,
                 provider_ids=[row.id]) as change:
        provider_store.delete(org_id=org_id, provider_id=provider_id)
    mcp_client.close(row.id)
    return {"rebuild": change["result"]}


def sync_provider(*, settings, org_id: str, provider_id: str) -> dict:
    row = provider_store.get(org_id=org_id, provider_id=provider_id)
    if row.type != "mcp":
        raise Conflict("only an mcp provider is synced from its server; api tools are "
                       "created by hand or imported", code="provider_not_mcp")
    result = _rebuild(settings, org_id, scope="mcp", sync=[row.id])
    tools = tool_store.of_provider(org_id=org_id, provider_id=row.id)
    return {"tool_provider": provider_store.to_dict(row),
            "tools": [tool_store.to_dict(t) for t in tools], "rebuild": result}


def sync_all(*, settings, org_id: str) -> dict:
    """Reload the whole registry: rediscover every mcp provider (scope `all`)."""
    ids = provider_store.ids_of_type(org_id=org_id, type="mcp")
    return {"rebuild": _rebuild(settings, org_id, scope="all", sync=ids)}


def import_openapi(*, settings, org_id: str, provider_id: str, body) -> dict:
    provider = provider_store.get(org_id=org_id, provider_id=provider_id)
    if provider.type != "api":
        raise Conflict("tools are imported into an api provider only", code="provider_not_api")
    doc = openapi_import.parse(body, max_values=settings.max_import_values,
                               max_expanded_bytes=settings.max_import_expanded_bytes)
    candidates, skipped = openapi_import.operations(doc)
    created = []
    with _change(settings, org_id, scope="custom", provider_ids=[provider.id]) as change:
        _create_imported(org_id, provider, candidates, created, skipped)
        change["skip"] = not created
        change["what"] = {"tool_ids": [t.id for t in created]}
    return {"created": [tool_store.to_dict(t) for t in created], "skipped": skipped,
            "rebuild": change.get("result")}


def _create_imported(org_id, provider, candidates, created, skipped) -> None:
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
        except (Conflict, Invalid, TooLarge) as exc:
            skipped.append({"method": fields["method"], "path": fields["path"],
                            "reason": exc.detail})


def create_tool(*, settings, org_id: str, fields: dict) -> dict:
    with _change(settings, org_id, scope="custom") as change:
        tool = tool_store.create(org_id=org_id, fields=fields)
        change["what"] = {"tool_ids": [tool.id], "provider_ids": [tool.provider_id]}
    return {"tool": tool_store.to_dict(tool), "rebuild": change["result"]}


def update_tool(*, settings, org_id: str, tool_id: str, fields: dict) -> dict:
    with _change(settings, org_id, scope="custom") as change:
        tool, provider = tool_store.update(org_id=org_id, tool_id=tool_id, fields=fields)
        change["what"] = {"scope": scope_of([provider.type]), "tool_ids": [tool.id],
                          "provider_ids": [provider.id]}
    return {"tool": tool_store.to_dict(tool), "rebuild": change["result"]}


def delete_tool(*, settings, org_id: str, tool_id: str) -> dict:
    tool, provider = tool_store.get_with_provider(org_id=org_id, tool_id=tool_id)
    if provider.type == "mcp":
        raise Conflict("tools of an mcp provider are discovered; disable them instead",
                       code="mcp_tool_read_only")
    with _change(settings, org_id, scope="custom", tool_ids=[tool.id],
                 provider_ids=[provider.id]) as change:
        tool_store.delete(org_id=org_id, tool_id=tool_id)
    return {"rebuild": change["result"]}


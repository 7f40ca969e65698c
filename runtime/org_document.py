"""Configuration as code: export an organization as a document, plan a document against it,
apply one (store/org_document). An apply's rebuild (the agents it saved, and those depending
on the tools, providers and prompt blocks it changed; the mcp providers it created or changed
are discovered again) is recorded in the apply's own transaction (store/outbox.py) and
dispatched after the commit, as for a change through the API."""
from __future__ import annotations

from runtime import dispatch
from runtime.agents import build as agent_build
from store import outbox
from store.org_document import document, engine


def export(*, org_id: str) -> tuple[dict, str]:
    return engine.export(org_id=org_id)


def _rebuilds(ctx) -> list[str]:
    ids = {*agent_build.dependents(ctx.org_id, ctx.tool_ids, ctx.provider_ids, ctx.block_ids),
           *ctx.agent_ids}
    names = ctx.names("agent")
    return sorted(names.get(i, i) for i in ids)


def _payload(ctx) -> dict:
    payload = {"org_id": ctx.org_id, "scope": "all" if ctx.sync_provider_ids else "custom",
               "tool_ids": sorted(ctx.tool_ids), "provider_ids": sorted(ctx.provider_ids),
               "sync_provider_ids": sorted(ctx.sync_provider_ids)}
    if ctx.block_ids:
        payload["block_ids"] = sorted(ctx.block_ids)
    if ctx.agent_ids:
        payload["agent_ids"] = sorted(ctx.agent_ids)
    return payload


def plan(*, settings, org_id: str, body, prune: bool = False, deploy: bool = False) -> dict:
    doc, secrets = document.parse(body)
    return engine.plan(org_id=org_id, settings=settings, doc=doc, secrets=secrets, prune=prune,
                       deploy=deploy, inside=lambda ctx: {"rebuilds": _rebuilds(ctx)})


def apply(*, settings, org_id: str, body, prune: bool = False, deploy: bool = False,
          if_match: str | None = None) -> dict:
    doc, secrets = document.parse(body)
    recorded = {}

    def inside(ctx):
        recorded["rebuilds"] = _rebuilds(ctx)
        if ctx.cache.get("changes"):  # the registry moves on (a deleted agent's runtime too)
            recorded["entry"] = outbox.add(kind="rebuild", payload=_payload(ctx),
                                           org_id=org_id)
        return {"rebuilds": recorded["rebuilds"]}

    result, _ = engine.apply(org_id=org_id, settings=settings, doc=doc, secrets=secrets,
                             prune=prune, deploy=deploy, if_match=if_match, inside=inside)
    entry = recorded.get("entry")
    result.setdefault("rebuilds", [])
    result["rebuild"] = dispatch.after_commit(settings, entry) if entry is not None else None
    return result

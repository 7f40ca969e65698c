"""Saving a prompt block rebuilds the agents whose instructions reference it, like a tool
change: the rebuild is recorded in the save's own transaction (store/outbox.py) and
dispatched after the commit (runtime.dispatch.after_commit); the answer carries its result."""
from __future__ import annotations

from runtime import dispatch, registry
from store import outbox
from store import prompt_blocks as block_store
from core.db import atomic


def _saved(settings, org_id: str, save) -> dict:
    with atomic():
        block = save()
        entry = outbox.add(kind="rebuild", org_id=org_id, payload={
            "org_id": org_id, "scope": "custom", "tool_ids": [], "provider_ids": [],
            "sync_provider_ids": [], "block_ids": [block.id]})
    result = dispatch.after_commit(settings, entry)
    return {"prompt_block": block_store.to_dict(block), "rebuild": result}


def create(*, settings, org_id: str, fields: dict) -> dict:
    return _saved(settings, org_id, lambda: block_store.create(org_id=org_id, fields=fields))


def update(*, settings, org_id: str, block_id: str, fields: dict) -> dict:
    return _saved(settings, org_id, lambda: block_store.update(org_id=org_id, block_id=block_id,
                                                               fields=fields))


def delete(*, org_id: str, block_id: str) -> None:
    block_store.delete(org_id=org_id, block_id=block_id)
    registry.bump(org_id)

"""Prompt blocks: named texts agent instructions reference as `{{block:name}}` (API key)."""
from __future__ import annotations

from handlers import created, ok
from runtime.agents import prompt_blocks as block_runtime
from store import prompt_blocks


def list_prompt_blocks(caller, limit=50, cursor=None):
    rows, following = prompt_blocks.list(org_id=caller.org_id, limit=limit, cursor=cursor)
    return ok({"prompt_blocks": [prompt_blocks.to_dict(r) for r in rows],
               "next_cursor": following})


def create_prompt_block(caller, settings, body):
    result = block_runtime.create(settings=settings, org_id=caller.org_id, fields=body)
    return created(result, f"/v1/prompt-blocks/{result['prompt_block']['id']}")


def get_prompt_block(caller, id):
    return ok({"prompt_block": prompt_blocks.to_dict(
        prompt_blocks.get(org_id=caller.org_id, block_id=id))})


def update_prompt_block(caller, settings, id, body):
    return ok(block_runtime.update(settings=settings, org_id=caller.org_id, block_id=id,
                                   fields=body))


def delete_prompt_block(caller, id):
    block_runtime.delete(org_id=caller.org_id, block_id=id)
    return ok({"deleted": id})


def list_prompt_block_versions(caller, id, limit=50, cursor=None):
    rows, following = prompt_blocks.versions(org_id=caller.org_id, block_id=id, limit=limit,
                                             cursor=cursor)
    return ok({"versions": [prompt_blocks.version_dict(v) for v in rows],
               "next_cursor": following})

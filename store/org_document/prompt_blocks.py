"""Prompt blocks in a document: named texts agent instructions insert as `{{block:name}}`.
A save is a new version and rebuilds the agents that use the block, as through the API."""
from __future__ import annotations

from store import prompt_blocks as block_store
from store import scope
from store.models_blocks import PromptBlock
from store.org_document.base import Context, Kind, ordered

KIND = "prompt block"
ORDER = ("name", "description", "text")


class PromptBlocks(Kind):
    name = KIND
    delete_order = 60

    def read(self, ctx: Context) -> dict:
        return {b.name: (b.id, {"name": b.name, "description": b.description, "text": b.text})
                for b in scope.scoped(PromptBlock, ctx.org_id).order_by(PromptBlock.name)}

    def desired(self, spec: dict) -> list[dict]:
        return spec.get("prompt_blocks") or []

    def normalize(self, item: dict) -> dict:
        return ordered({"description": None, **item}, ORDER)

    def place(self, spec: dict, items: list[dict]) -> None:
        spec["prompt_blocks"] = items

    def write(self, ctx: Context, name: str, old: dict | None, new: dict | None) -> None:
        if new is None:
            block_store.delete(org_id=ctx.org_id, block_id=ctx.id_of(KIND, name))
            ctx.ids[KIND].pop(name, None)
            return
        if old is None:
            block = block_store.create(org_id=ctx.org_id, fields=new)
            ctx.ids.setdefault(KIND, {})[name] = block.id
        else:
            block = block_store.update(org_id=ctx.org_id, block_id=ctx.id_of(KIND, name),
                                       fields=new)
        ctx.block_ids.add(block.id)


KIND_OBJECT = PromptBlocks()

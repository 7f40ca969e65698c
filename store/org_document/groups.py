"""Groups in a document: their display names and monthly spend caps. Groups are never
pruned (end users and their spend belong to them); the Default group is listed like any."""
from __future__ import annotations

from store import groups as group_store
from store import scope
from store.models import Group
from store.org_document.base import Context, Kind, ordered

KIND = "group"
ORDER = ("group_id", "display_name", "spend_cap_usd")


class Groups(Kind):
    name = KIND
    delete_order = 10
    prunable = False

    def identity(self, item: dict) -> str:
        return item["group_id"]

    def read(self, ctx: Context) -> dict:
        return {g.group_id: (g.id, {"group_id": g.group_id, "display_name": g.name,
                                    "spend_cap_usd": None if g.spend_cap_usd is None
                                    else float(g.spend_cap_usd)})
                for g in scope.scoped(Group, ctx.org_id).order_by(Group.group_id)}

    def desired(self, spec: dict) -> list[dict]:
        return spec.get("groups") or []

    def normalize(self, item: dict) -> dict:
        out = {"display_name": item["group_id"], "spend_cap_usd": None, **item}
        if out["spend_cap_usd"] is not None:
            out["spend_cap_usd"] = float(out["spend_cap_usd"])
        return ordered(out, ORDER)

    def place(self, spec: dict, items: list[dict]) -> None:
        spec["groups"] = items

    def write(self, ctx: Context, name: str, old: dict | None, new: dict | None) -> None:
        if new is None:
            return
        if old is None:
            group_store.create(org_id=ctx.org_id, group_id=new["group_id"],
                               display_name=new["display_name"],
                               spend_cap_usd=new["spend_cap_usd"])
        else:
            group_store.update(org_id=ctx.org_id, group_id=name, fields={
                "display_name": new["display_name"], "spend_cap_usd": new["spend_cap_usd"]})


KIND_OBJECT = Groups()

"""The organization's allowed browser origins (CORS) in a document: a list of origins,
each an object of its own (added, or removed by a prune)."""
from __future__ import annotations

from store import cors as cors_store
from store.org_document import api_schemas
from store.org_document.base import Context, Kind, Problem

KIND = "cors origin"


class CorsOrigins(Kind):
    name = KIND
    delete_order = 0
    delete_first = True

    def identity(self, item) -> str:
        return cors_store.normalize(item)

    def read(self, ctx: Context) -> dict:
        return {o: (o, o) for o in cors_store.list_origins(org_id=ctx.org_id)}

    def desired(self, spec: dict) -> list:
        return spec.get("cors_origins") or []

    def normalize(self, item):
        return cors_store.normalize(item)

    def place(self, spec: dict, items: list) -> None:
        spec["cors_origins"] = items

    def check(self, ctx: Context, items: dict) -> list[Problem]:
        wanted = set(items) | (set() if ctx.prune else set(ctx.current.get(KIND, {})))
        if len(wanted) > cors_store.MAX_ORIGINS:
            return [Problem(KIND, "*", "too_many_origins",
                            f"at most {cors_store.MAX_ORIGINS} origins are allowed")]
        return [Problem(KIND, o, "invalid_origin", "; ".join(errors)) for o in items
                for errors in [api_schemas.errors("CorsSettings", {"allowed_origins": [o]})]
                if errors]

    def compare(self, ctx: Context, old, new) -> list[dict]:
        return []

    def write(self, ctx: Context, name: str, old, new) -> None:
        origins = set(cors_store.list_origins(org_id=ctx.org_id))
        origins = origins - {name} if new is None else origins | {name}
        cors_store.replace_origins(org_id=ctx.org_id, origins=sorted(origins))


KIND_OBJECT = CorsOrigins()

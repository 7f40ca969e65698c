"""Hand-made tools (of api providers), written in a document under their provider and named
`<provider>/<tool>` wherever an agent or a workflow step refers to one. Tools of mcp
providers are discovered from their servers: they are not listed, but may be referred to."""
from __future__ import annotations

from store import tools as tool_store
from store.errors import Invalid
from store.models import Tool, ToolProvider
from store.org_document import api_schemas
from store.org_document.base import Context, Kind, Problem, ordered

KIND = "tool"
PROVIDER = "tool provider"
ORDER = ("name", "description", "method", "path", "input_schema", "output_schema",
         "timeout_ms", "is_enabled", "operation_id", "tags", "deprecated", "requires_approval",
         "approval_timeout_s")


def ref(provider: str, tool: str) -> str:
    return f"{provider}/{tool}"


def split(name: str) -> tuple[str, str]:
    provider, _, tool = name.rpartition("/")
    return provider, tool


class Tools(Kind):
    name = KIND
    delete_order = 70
    delete_first = True  # a pruned one frees its name, method and path first
    skip_fields = ("_provider",)

    def read(self, ctx: Context) -> dict:
        rows = (Tool.select(Tool, ToolProvider.name, ToolProvider.type)
                .join(ToolProvider).where(Tool.org == ctx.org_id)
                .order_by(ToolProvider.name, Tool.name))
        out, ids = {}, {}
        for row in rows:
            name = ref(row.provider.name, row.name)
            ids[name] = row.id
            if row.provider.type != "api":
                continue
            d = tool_store.to_dict(row)
            item = api_schemas.without_refused_nulls("ToolCreate", {k: d[k] for k in ORDER})
            out[name] = (row.id, {**item, "_provider": row.provider.name})
        ctx.ids[KIND] = ids  # mcp tools too: agents and steps may refer to them
        return out

    def desired(self, spec: dict) -> list[dict]:
        return [{**t, "_provider": p["name"]} for p in spec.get("tool_providers") or []
                if p.get("type") == "api" for t in p.get("tools") or []]

    def identity(self, item: dict) -> str:
        return ref(item["_provider"], item["name"])

    def normalize(self, item: dict) -> dict:
        provider = item["_provider"]
        out = ordered({**tool_store.DEFAULTS, **{k: v for k, v in item.items()
                                                 if k != "_provider"}}, ORDER)
        out = api_schemas.without_refused_nulls("ToolCreate", out)
        return {**out, "_provider": provider}

    def place(self, spec: dict, items: list[dict]) -> None:
        providers = {p["name"]: p for p in spec.get("tool_providers") or []}
        for item in items:
            provider = providers.get(item.get("_provider"))
            if provider is not None:
                provider.setdefault("tools", []).append(
                    {k: v for k, v in item.items() if k != "_provider"})

    def check(self, ctx: Context, items: dict) -> list[Problem]:
        problems = []
        for name, item in items.items():
            try:
                cleaned = tool_store.clean_name(item["name"])
            except Invalid as exc:
                problems.append(Problem(KIND, name, exc.code, exc.detail, "name"))
                continue
            if cleaned != item["name"]:
                problems.append(Problem(KIND, name, "invalid_tool_name",
                                        f"a tool name holds no `/`, `{{` or `}}` and no doubled "
                                        f"spaces; the API would name it {cleaned!r}", "name"))
        return problems

    def write(self, ctx: Context, name: str, old: dict | None, new: dict | None) -> None:
        if new is None:
            tool_id = ctx.id_of(KIND, name)
            tool, _ = tool_store.delete(org_id=ctx.org_id, tool_id=tool_id)
            ctx.tool_ids.add(tool_id)
            ctx.provider_ids.add(tool.provider_id)
            ctx.ids[KIND].pop(name, None)
            return
        fields = {k: v for k, v in new.items() if k != "_provider"}
        if old is None:
            fields["tool_provider_id"] = ctx.id_of(PROVIDER, new["_provider"])
            row = tool_store.create(org_id=ctx.org_id, fields=fields)
            ctx.ids.setdefault(KIND, {})[name] = row.id
        else:
            changed = {k: v for k, v in fields.items() if old.get(k) != v}
            row, _ = tool_store.update(org_id=ctx.org_id, tool_id=ctx.id_of(KIND, name),
                                       fields=changed)
        ctx.tool_ids.add(row.id)
        ctx.provider_ids.add(row.provider_id)


KIND_OBJECT = Tools()

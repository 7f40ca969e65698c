"""Agents in a document: their tools by `<provider>/<tool>`, their providers by name, the
prompt blocks their instructions insert by `{{block:name}}`. A saved agent is a new version
and is rebuilt, as through the API."""
from __future__ import annotations

from rules import prompt_blocks as block_syntax
from store import agents as agent_store
from store import scope
from store.models import Agent, AgentVersion
from store.org_document import api_schemas
from store.org_document.base import Context, Kind, Problem, collect, ordered

KIND = "agent"
ORDER = ("name", "description", "instructions", "model", "tools", "tool_providers",
         "approval_tools", "max_steps", "memory")
_DUMMY = "00000000-0000-0000-0000-000000000000"


class Agents(Kind):
    name = KIND
    delete_order = 50

    def read(self, ctx: Context) -> dict:
        agents = [*scope.scoped(Agent, ctx.org_id, Agent.id, Agent.name,
                                Agent.current_version_id).order_by(Agent.name, Agent.id)]
        versions = {v.id: v for v in scope.scoped(AgentVersion, ctx.org_id).where(
            AgentVersion.id.in_([a.current_version_id for a in agents]))} if agents else {}
        tools = ctx.names("tool")
        providers = ctx.names("tool provider")
        rows = []
        for a in agents:
            v = versions.get(a.current_version_id)
            if v is None:
                continue
            rows.append((v.name, a.id, {
                "name": v.name, "description": v.description, "instructions": v.instructions,
                "model": {**agent_store.DEFAULT_MODEL, **(v.model or {})},
                "tools": [tools[t] for t in v.tool_ids or [] if t in tools],
                "tool_providers": [providers[p] for p in v.tool_provider_ids or []
                                   if p in providers],
                "approval_tools": [tools[t] for t in v.approval_tool_ids or [] if t in tools],
                "max_steps": v.max_steps, "memory": bool(v.memory)}))
        return collect(KIND, rows)

    def desired(self, spec: dict) -> list[dict]:
        return spec.get("agents") or []

    def normalize(self, item: dict) -> dict:
        out = {"description": None, "instructions": None, "tools": [], "tool_providers": [],
               "approval_tools": [], "max_steps": agent_store.DEFAULT_MAX_STEPS,
               "memory": False, **item}
        out["model"] = {**agent_store.DEFAULT_MODEL, **(item.get("model") or {})}
        for key in ("tools", "tool_providers", "approval_tools"):
            out[key] = [*dict.fromkeys(out[key])]
        return ordered(out, ORDER)

    def place(self, spec: dict, items: list[dict]) -> None:
        spec["agents"] = items

    def check(self, ctx: Context, items: dict) -> list[Problem]:
        problems = []
        for name, item in items.items():
            for key in ("tools", "approval_tools"):
                for ref in item[key]:
                    if not ctx.will_exist("tool", ref):
                        problems.append(Problem(KIND, name, "tool_not_found",
                                                _missing_tool(ctx, ref), key))
            for ref in item["tool_providers"]:
                if not ctx.will_exist("tool provider", ref):
                    problems.append(Problem(KIND, name, "tool_provider_not_found",
                                            f"no tool provider named {ref!r}", "tool_providers"))
            for block in block_syntax.references(item["instructions"]):
                if not ctx.will_exist("prompt block", block):
                    problems.append(Problem(KIND, name, "unknown_prompt_block",
                                            f"the instructions insert the prompt block "
                                            f"{block!r}, which is neither in the document nor "
                                            "here", "instructions"))
            for message in api_schemas.errors("AgentCreate", self._fields(ctx, item, True)):
                problems.append(Problem(KIND, name, "invalid_field", message))
        return problems

    def _fields(self, ctx: Context, item: dict, check_only: bool = False) -> dict:
        def ids(kind, names):
            return [_DUMMY if check_only else ctx.id_of(kind, n) for n in names]

        fields = {k: v for k, v in item.items()
                  if k not in ("tools", "tool_providers", "approval_tools")}
        fields["tool_ids"] = ids("tool", item["tools"])
        fields["tool_provider_ids"] = ids("tool provider", item["tool_providers"])
        fields["approval_tool_ids"] = ids("tool", item["approval_tools"])
        if check_only:  # ids are unique in a request; names were made unique above
            for key in ("tool_ids", "tool_provider_ids", "approval_tool_ids"):
                fields[key] = fields[key][:1]
        return fields

    def write(self, ctx: Context, name: str, old: dict | None, new: dict | None) -> None:
        if new is None:
            agent_store.delete(org_id=ctx.org_id, agent_id=ctx.id_of(KIND, name))
            ctx.ids[KIND].pop(name, None)
            return
        fields = self._fields(ctx, new)
        if old is None:
            agent = agent_store.create(org_id=ctx.org_id, fields=fields)
            ctx.ids.setdefault(KIND, {})[name] = agent.id
        else:
            agent, _ = agent_store.update(org_id=ctx.org_id, agent_id=ctx.id_of(KIND, name),
                                          fields=fields)
        ctx.agent_ids.add(agent.id)


def _missing_tool(ctx: Context, ref: str) -> str:
    provider = ref.rpartition("/")[0]
    if ctx.cache.get("provider_rows", {}).get(provider) is not None and \
            ctx.cache["provider_rows"][provider].type == "mcp":
        return (f"the mcp provider {provider!r} has no tool {ref.rpartition('/')[2]!r} (yet): "
                "tools of an mcp provider exist once it was synced; apply the provider, sync "
                "it, then the agent")
    if ref.startswith("/") or "/" not in ref:
        return f"{ref!r} is not a tool reference (`<provider>/<tool>`)"
    return f"no tool {ref!r} in the document nor here"


KIND_OBJECT = Agents()

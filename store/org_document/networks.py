"""Networks (dev copilots) in a document: their agents and workflows by name, and where they
are deployed. `deployments: {prod: current}` says the prod network runs the dev network's
configuration with its agents' current versions pinned; `outdated`, that it runs an earlier
one. An apply with deploy deploys each network a document names `current` wherever it is not
current yet (after every other change, so that it pins what the document made)."""
from __future__ import annotations

from store import copilots as copilot_store
from store import deployments as deployment_store
from store import scope
from store.errors import Conflict
from store.models import Copilot, Workflow
from store.org_document import api_schemas
from store.org_document.base import Context, Kind, Problem, collect, ordered

KIND = "network"
ORDER = ("name", "description", "agents", "workflows", "sdk_ui", "handoff_prompt",
         "followup_instructions", "deployments")
TARGETS = ("staging", "prod")
_DUMMY = "00000000-0000-0000-0000-000000000000"


def deployment_states(org_id: str, dev: Copilot) -> dict:
    """{environment: current|outdated} of the dev network's staging and prod networks."""
    out = {}
    for row in scope.scoped(Copilot, org_id).where(Copilot.source_copilot == dev.id,
                                                   Copilot.deployment_id.is_null(False)):
        try:
            wanted = deployment_store.snapshot_of_dev(org_id, dev)
        except Conflict:
            wanted = None
        live = {k: getattr(row, k) for k in deployment_store.SNAPSHOT_FIELDS}
        out[row.environment] = "current" if live == wanted else "outdated"
    return {env: out[env] for env in TARGETS if env in out}


class Networks(Kind):
    name = KIND
    delete_order = 30
    skip_fields = ("deployments",)

    def read(self, ctx: Context) -> dict:
        agents = ctx.names("agent")
        workflows = dict(scope.scoped(Workflow, ctx.org_id, Workflow.id, Workflow.name).tuples())
        rows = []
        for dev in scope.scoped(Copilot, ctx.org_id).where(Copilot.environment == "dev") \
                .order_by(Copilot.name, Copilot.id):
            rows.append((dev.name, dev.id, {
                "name": dev.name, "description": dev.description,
                "agents": [agents.get(a["agentId"], a["agentId"]) for a in dev.agents],
                "workflows": [workflows.get(w["workflowId"], w["workflowId"])
                              for w in dev.workflows],
                "sdk_ui": dev.sdk_ui or {}, "handoff_prompt": dev.handoff_prompt,
                "followup_instructions": dev.followup_instructions or [],
                "deployments": deployment_states(ctx.org_id, dev)}))
        return collect(KIND, rows)

    def desired(self, spec: dict) -> list[dict]:
        return spec.get("networks") or []

    def normalize(self, item: dict) -> dict:
        out = {"description": None, "agents": [], "workflows": [], "sdk_ui": {},
               "handoff_prompt": None, "followup_instructions": [], "deployments": {}, **item}
        out["deployments"] = {env: out["deployments"][env] for env in TARGETS
                              if env in out["deployments"]}
        return ordered(out, ORDER)

    def place(self, spec: dict, items: list[dict]) -> None:
        spec["networks"] = items

    def check(self, ctx: Context, items: dict) -> list[Problem]:
        problems = []
        for name, item in items.items():
            for kind, key in (("agent", "agents"), ("workflow", "workflows")):
                for ref in item[key]:
                    if not ctx.will_exist(kind, ref):
                        problems.append(Problem(KIND, name, f"{kind}_not_found",
                                                f"no {kind} named {ref!r} in the document nor "
                                                "here", key))
            for message in api_schemas.errors("CopilotCreate", self._fields(ctx, item, True)):
                problems.append(Problem(KIND, name, "invalid_field", message))
        return problems

    def _fields(self, ctx: Context, item: dict, check_only: bool = False) -> dict:
        fields = {k: v for k, v in item.items() if k != "deployments"}
        if check_only:
            fields["agents"] = [{"agentId": f"{_DUMMY[:-4]}{i:04d}"}
                                for i, _ in enumerate(item["agents"])]
            fields["workflows"] = [{"workflowId": f"{_DUMMY[:-4]}{i:04d}"}
                                   for i, _ in enumerate(item["workflows"])]
            return fields
        fields["agents"] = [{"agentId": ctx.id_of("agent", a)} for a in item["agents"]]
        ids = [ctx.id_of("workflow", w) for w in item["workflows"]]
        if None in ids:  # a workflow the apply creates later: set in finish()
            fields.pop("workflows")
            ctx.cache.setdefault("networks_pending", []).append(item["name"])
        else:
            fields["workflows"] = [{"workflowId": w} for w in ids]
        return fields

    def write(self, ctx: Context, name: str, old: dict | None, new: dict | None) -> None:
        if new is None:
            copilot_store.delete(org_id=ctx.org_id, copilot_id=ctx.id_of(KIND, name))
            ctx.ids[KIND].pop(name, None)
            return
        fields = self._fields(ctx, new)
        if old is None:
            row = copilot_store.create(org_id=ctx.org_id, fields=fields)
            ctx.ids.setdefault(KIND, {})[name] = row.id
        else:
            copilot_store.update(org_id=ctx.org_id, copilot_id=ctx.id_of(KIND, name),
                                 fields=fields)

    def finish(self, ctx: Context) -> None:
        for name in ctx.cache.pop("networks_pending", []):
            item = ctx.desired[KIND][name]
            copilot_store.update(org_id=ctx.org_id, copilot_id=ctx.id_of(KIND, name), fields={
                "workflows": [{"workflowId": ctx.id_of("workflow", w)}
                              for w in item["workflows"]]})

    def deploy(self, ctx: Context) -> list[dict]:
        """Deploy every network the document names `current` somewhere it is not (yet)."""
        done = []
        for name, item in sorted(ctx.desired.get(KIND, {}).items()):
            ctx.cache["at"] = (KIND, name)
            wanted = [env for env, state in item["deployments"].items() if state == "current"]
            if not wanted:
                continue
            copilot_id = ctx.id_of(KIND, name)
            states = deployment_states(ctx.org_id, copilot_store.get(org_id=ctx.org_id,
                                                                     copilot_id=copilot_id))
            for env in wanted:
                if states.get(env) != "current":
                    deployment_store.deploy(org_id=ctx.org_id, copilot_id=copilot_id,
                                            target=env)
                    done.append({"network": name, "environment": env})
        return done


KIND_OBJECT = Networks()

"""Workflows in a document: each step's `ref` names its tool (`<provider>/<tool>`), agent or
network instead of an id."""
from __future__ import annotations

from store import scope
from store import workflows as workflow_store
from store.models import Copilot, Workflow
from store.org_document import api_schemas
from store.org_document.base import Context, Kind, Problem, collect, ordered

KIND = "workflow"
ORDER = ("name", "description", "input_schema", "steps")
REF_KINDS = {"tool": "tool", "agent": "agent", "copilot": "network"}
_DUMMY = "00000000-0000-0000-0000-000000000000"


class Workflows(Kind):
    name = KIND
    delete_order = 40

    def read(self, ctx: Context) -> dict:
        names = {kind: ctx.names(kind) for kind in ("tool", "agent")}
        names["network"] = dict(scope.scoped(Copilot, ctx.org_id, Copilot.id, Copilot.name)
                                .where(Copilot.environment == "dev").tuples())
        rows = []
        for row in scope.scoped(Workflow, ctx.org_id).order_by(Workflow.name, Workflow.id):
            steps = [{**s, "ref": names[REF_KINDS[s["type"]]].get(s["ref"], s["ref"])}
                     for s in row.steps]
            rows.append((row.name, row.id, {"name": row.name, "description": row.description,
                                            "input_schema": row.input_schema, "steps": steps}))
        return collect(KIND, rows)

    def desired(self, spec: dict) -> list[dict]:
        return spec.get("workflows") or []

    def normalize(self, item: dict) -> dict:
        out = {"description": None, "input_schema": None, **item}
        out["steps"] = [{k: s.get(k, workflow_store.STEP_DEFAULTS.get(k))
                         for k in workflow_store.STEP_FIELDS} for s in item.get("steps") or []]
        return ordered(out, ORDER)

    def place(self, spec: dict, items: list[dict]) -> None:
        spec["workflows"] = items

    def check(self, ctx: Context, items: dict) -> list[Problem]:
        problems = []
        for name, item in items.items():
            for step in item["steps"]:
                kind = REF_KINDS[step["type"]]
                if not ctx.will_exist(kind, step["ref"]):
                    problems.append(Problem(KIND, name, "step_ref_not_found",
                                            f"step {step['id']!r} refers to the {kind} "
                                            f"{step['ref']!r}, which is neither in the document "
                                            "nor here", "steps"))
            for message in api_schemas.errors("WorkflowCreate", self._fields(ctx, item, True)):
                problems.append(Problem(KIND, name, "invalid_field", message))
        return problems

    def _fields(self, ctx: Context, item: dict, check_only: bool = False) -> dict:
        steps = [{**s, "ref": _DUMMY if check_only else ctx.id_of(REF_KINDS[s["type"]], s["ref"])}
                 for s in item["steps"]]
        return {**item, "steps": steps}

    def write(self, ctx: Context, name: str, old: dict | None, new: dict | None) -> None:
        if new is None:
            workflow_store.delete(org_id=ctx.org_id, workflow_id=ctx.id_of(KIND, name))
            ctx.ids[KIND].pop(name, None)
            return
        fields = self._fields(ctx, new)
        if old is None:
            row = workflow_store.create(org_id=ctx.org_id, fields=fields)
            ctx.ids.setdefault(KIND, {})[name] = row.id
        else:
            workflow_store.update(org_id=ctx.org_id, workflow_id=ctx.id_of(KIND, name),
                                  fields=fields)


KIND_OBJECT = Workflows()

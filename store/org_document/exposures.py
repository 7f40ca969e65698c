"""Exposures in a document: what the organization offers as MCP tools (and A2A agents), each
target by name: `{type: copilot, name: <network>, environment: staging|prod}` (a network is
exposed by its deployment), `{type: agent, name: ...}` or `{type: workflow, name: ...}`.

Creates run after the networks, agents and workflows they expose; an exposure of a network's
deployment that the apply itself makes (`deploy=true`) is created after that deployment.
Deletes run before the objects they expose. An exposure whose target was deleted is listed
nowhere (as in `tools/list`) and left out of the document; a document that names it again
points it at its new target."""
from __future__ import annotations

from store import exposures as exposure_store
from store import scope
from store.errors import NotFound
from store.models import Copilot
from store.models_exposures import Exposure
from store.org_document import api_schemas
from store.org_document.base import Context, Kind, Problem, collect, ordered

KIND = "exposure"
ORDER = ("name", "description", "target")
TARGET_ORDER = ("type", "name", "environment")
REF_KINDS = {"copilot": "network", "agent": "agent", "workflow": "workflow"}
_DUMMY = "00000000-0000-0000-0000-000000000000"


def _deployed(ctx: Context) -> dict:
    """(network name, environment) -> id of the organization's staging and prod networks."""
    dev = ctx.names("network")
    out = {}
    for row_id, source, env in scope.scoped(
            Copilot, ctx.org_id, Copilot.id, Copilot.source_copilot, Copilot.environment).where(
            Copilot.environment.in_(("staging", "prod"))).tuples():
        if source in dev:
            out[(dev[source], env)] = row_id
    return out


class Exposures(Kind):
    name = KIND
    delete_order = 25  # before networks (30), workflows (40) and agents (50)

    def read(self, ctx: Context) -> dict:
        names = {"agent": ctx.names("agent"), "workflow": ctx.names("workflow"),
                 "copilot": {v: k for k, v in _deployed(ctx).items()}}
        rows = []
        for row in scope.scoped(Exposure, ctx.org_id).order_by(Exposure.name, Exposure.id):
            found = names[row.target_type].get(row.target_id)
            if found is None:  # the target was deleted: the exposure is nowhere to be seen
                ctx.cache.setdefault("exposures_dangling", {})[row.name] = row.id
                continue
            target = ({"type": "copilot", "name": found[0], "environment": found[1]}
                      if row.target_type == "copilot" else {"type": row.target_type,
                                                            "name": found})
            rows.append((row.name, row.id, {"name": row.name, "description": row.description,
                                            "target": target}))
        return collect(KIND, rows)

    def desired(self, spec: dict) -> list[dict]:
        return spec.get("exposures") or []

    def normalize(self, item: dict) -> dict:
        out = {"description": None, **item}
        if isinstance(out.get("target"), dict):
            out["target"] = ordered(out["target"], TARGET_ORDER)
        return ordered(out, ORDER)

    def place(self, spec: dict, items: list[dict]) -> None:
        spec["exposures"] = items

    def check(self, ctx: Context, items: dict) -> list[Problem]:
        problems = []
        deployed = _deployed(ctx)
        networks = ctx.desired.get("network", {})
        for name, item in items.items():
            target = item["target"]
            kind = REF_KINDS[target["type"]]
            if not ctx.will_exist(kind, target["name"]):
                problems.append(Problem(KIND, name, f"{kind}_not_found",
                                        f"no {kind} named {target['name']!r} in the document "
                                        "nor here", "target"))
            elif kind == "network":
                env = target["environment"]
                named = networks.get(target["name"], {}).get("deployments", {})
                if (target["name"], env) not in deployed and env not in named:
                    problems.append(Problem(
                        KIND, name, "network_not_deployed",
                        f"the network {target['name']!r} is not deployed to {env} here, and "
                        f"the document does not name it deployed there", "target"))
            for message in api_schemas.errors("ExposureCreate", self._fields(item, _DUMMY)):
                problems.append(Problem(KIND, name, "invalid_field", message))
        return problems

    def _fields(self, item: dict, target_id: str) -> dict:
        return {"name": item["name"], "description": item["description"],
                "target": {"type": item["target"]["type"], "id": target_id}}

    def _target_id(self, ctx: Context, target: dict) -> str | None:
        if target["type"] != "copilot":
            return ctx.id_of(target["type"], target["name"])
        return _deployed(ctx).get((target["name"], target["environment"]))

    def write(self, ctx: Context, name: str, old: dict | None, new: dict | None) -> None:
        if new is None:
            exposure_store.delete(org_id=ctx.org_id, exposure_id=ctx.id_of(KIND, name))
            ctx.ids[KIND].pop(name, None)
            return
        target_id = self._target_id(ctx, new["target"])
        if target_id is None:  # a deployment this apply makes: after it (see deploy())
            if not ctx.cache.get("deploy"):
                raise self._undeployed(new["target"])
            ctx.cache.setdefault("exposures_pending", []).append(name)
            return
        self._save(ctx, name, new, target_id)

    def _save(self, ctx: Context, name: str, new: dict, target_id: str) -> None:
        fields = self._fields(new, target_id)
        exposure_id = ctx.id_of(KIND, name) or ctx.cache.get("exposures_dangling", {}).get(name)
        if exposure_id is None:
            row = exposure_store.create(org_id=ctx.org_id, fields=fields)
            ctx.ids.setdefault(KIND, {})[name] = row.id
        else:
            exposure_store.update(org_id=ctx.org_id, exposure_id=exposure_id, fields=fields)
            ctx.ids.setdefault(KIND, {})[name] = exposure_id

    @staticmethod
    def _undeployed(target: dict) -> NotFound:
        return NotFound(f"the network {target['name']!r} is not deployed to "
                        f"{target['environment']}: apply with deploy=true (the document names "
                        "it deployed there) or deploy it first",
                        code="exposure_target_not_found")

    def deploy(self, ctx: Context) -> list[dict]:
        """The exposures of the deployments the apply made (after the networks' deploy)."""
        for name in ctx.cache.pop("exposures_pending", []):
            ctx.cache["at"] = (KIND, name)
            new = ctx.desired[KIND][name]
            target_id = self._target_id(ctx, new["target"])
            if target_id is None:
                raise self._undeployed(new["target"])
            self._save(ctx, name, new, target_id)
        return []


KIND_OBJECT = Exposures()

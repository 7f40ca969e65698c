"""The organization's workflow schedules in a document (end users' own schedules are their
data, not configuration, and are left out). A schedule is named by its workflow and its
description (`<workflow>/<description>`), which must therefore be distinct per workflow.
Status: `active` or `paused` (a schedule the failures disabled reads as active; a one-time
schedule that completed has nothing left to fire and is left out)."""
from __future__ import annotations

from rules import schedule_time
from store import schedules as schedule_store
from store import scope
from core.db import iso
from store.errors import Invalid
from store.models import Workflow, WorkflowSchedule
from store.org_document.base import Context, Kind, Problem, collect, ordered

KIND = "schedule"
ORDER = ("workflow", "description", "cron", "run_at", "recurrence", "timezone", "input",
         "notify", "thread_title", "max_consecutive_failures", "skip_missed", "status")
TIMING = ("cron", "run_at", "recurrence", "timezone")


class Schedules(Kind):
    name = KIND
    delete_order = 20

    def identity(self, item: dict) -> str:
        return f"{item['workflow']}/{item.get('description') or ''}"

    def read(self, ctx: Context) -> dict:
        workflows = dict(scope.scoped(Workflow, ctx.org_id, Workflow.id, Workflow.name).tuples())
        rows = []
        for row in scope.scoped(WorkflowSchedule, ctx.org_id).where(
                WorkflowSchedule.owner_kind == "org", WorkflowSchedule.status != "completed"):
            d = schedule_store.to_dict(row)
            item = {k: d[k] for k in ORDER if k in d}
            item["workflow"] = workflows.get(row.workflow_id, row.workflow_id)
            item["status"] = "paused" if row.status == "paused" else "active"
            item = ordered(item, ORDER)
            rows.append((self.identity(item), row.id, item))
        rows.sort(key=lambda r: r[0])
        return collect(KIND, rows)

    def desired(self, spec: dict) -> list[dict]:
        return spec.get("schedules") or []

    def normalize(self, item: dict) -> dict:
        out = {**schedule_store.DEFAULTS, "cron": None, "run_at": None, "recurrence": None,
               "status": "active", **item}
        for key in ("notify", "max_consecutive_failures", "skip_missed", "timezone"):
            if out[key] is None:
                out[key] = schedule_store.DEFAULTS[key]
        try:
            spec = schedule_time.validate(cron=out["cron"], run_at=out["run_at"],
                                          recurrence=out["recurrence"],
                                          timezone=out["timezone"])
            out.update(spec.fields())
            out["run_at"] = iso(schedule_store.naive(spec.run_at))
        except Invalid:
            pass  # check() reports it
        return ordered(out, ORDER)

    def place(self, spec: dict, items: list[dict]) -> None:
        spec["schedules"] = items

    def check(self, ctx: Context, items: dict) -> list[Problem]:
        problems = []
        for name, item in items.items():
            if not ctx.will_exist("workflow", item["workflow"]):
                problems.append(Problem(KIND, name, "workflow_not_found",
                                        f"no workflow named {item['workflow']!r} in the "
                                        "document nor here", "workflow"))
            try:
                schedule_time.validate(cron=item["cron"], run_at=item["run_at"],
                                       recurrence=item["recurrence"], timezone=item["timezone"])
            except Invalid as exc:
                problems.append(Problem(KIND, name, exc.code, exc.detail))
        return problems

    def write(self, ctx: Context, name: str, old: dict | None, new: dict | None) -> None:
        org_id = ctx.org_id
        if new is None:
            schedule_store.delete(org_id=org_id, schedule_id=ctx.id_of(KIND, name))
            ctx.ids[KIND].pop(name, None)
            return
        if old is None:
            fields = {k: v for k, v in new.items() if k not in ("workflow", "status")}
            fields["workflow_id"] = ctx.id_of("workflow", new["workflow"])
            row = schedule_store.create(org_id=org_id, fields=fields)
            ctx.ids.setdefault(KIND, {})[name] = row.id
            if new["status"] == "paused":
                schedule_store.pause(org_id=org_id, schedule_id=row.id)
            return
        schedule_id = ctx.id_of(KIND, name)
        changed = {k: v for k, v in new.items()
                   if k not in ("workflow", "status") and old.get(k) != v}
        if any(k in changed for k in TIMING):
            changed.update({k: new[k] for k in TIMING})
        if changed:
            schedule_store.update(org_id=org_id, schedule_id=schedule_id, fields=changed)
        if new["status"] != old["status"]:
            (schedule_store.pause if new["status"] == "paused" else schedule_store.resume)(
                org_id=org_id, schedule_id=schedule_id)


KIND_OBJECT = Schedules()

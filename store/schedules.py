"""Workflow schedules: CRUD, pause, resume, and their fields.

Exactly one of cron, run_at, recurrence, read in `timezone` (rules.schedule_time). The
stored `next_fire_at` (naive UTC) is what the scheduler claims by; it is NULL whenever nothing
is to fire: a paused, disabled or completed schedule. A session token's caller (``user_id``)
reaches only that user's schedules (any other is not found) and owns what it creates; the API
key creates organization schedules, or a user's when it names `user_id`.

Status: `active` → `paused` (pause) → `active` (resume); `active` → `disabled` after
max_consecutive_failures failed runs in a row (store.workflow_run_state) → `active` (resume); a one-time
schedule that fired (or whose only fire was skipped) → `completed`. Resume computes
next_fire_at from now (nothing fires retroactively) and resets the failure count.
"""
from __future__ import annotations

import datetime as dt
import functools
import json

from rules import schedule_time
from rules.schedule_time.zones import UTC
from store import pages, scope, workflows
from core.db import atomic, iso, new_id, utcnow
from store.errors import Conflict, Forbidden, Invalid, NotFound
from store.models import Workflow, WorkflowSchedule

S = WorkflowSchedule
KINDS = ("cron", "run_at", "recurrence")
PLAIN = ("description", "notify", "thread_title", "max_consecutive_failures", "skip_missed")
DEFAULTS = {"description": None, "input": None, "notify": "none", "thread_title": None,
            "max_consecutive_failures": 5, "skip_missed": False, "timezone": "UTC"}


def aware(value: dt.datetime | None) -> dt.datetime | None:
    return None if value is None else value.replace(tzinfo=UTC)


def naive(value: dt.datetime | None) -> dt.datetime | None:
    return None if value is None else value.astimezone(UTC).replace(tzinfo=None)


def _now(now: dt.datetime | None) -> dt.datetime:
    return (now or dt.datetime.now(UTC)).astimezone(UTC)


@functools.lru_cache(maxsize=4096)
def _spec(cron, run_at, recurrence, timezone, anchor) -> schedule_time.ScheduleSpec:
    return schedule_time.validate(cron=cron, run_at=run_at,
                                  recurrence=json.loads(recurrence) if recurrence else None,
                                  timezone=timezone, anchor=anchor)


def spec_of(row: WorkflowSchedule) -> schedule_time.ScheduleSpec:
    """The schedule's spec (compiled once per distinct definition in this process)."""
    return _spec(row.cron, aware(row.run_at),
                 json.dumps(row.recurrence, sort_keys=True) if row.recurrence else None,
                 row.timezone, aware(row.anchor))


def spec_of_due(row) -> schedule_time.ScheduleSpec:
    """``spec_of`` for a row of the scheduler's claim (store.fires.Due: recurrence as text)."""
    return _spec(row.cron, aware(row.run_at), row.recurrence, row.timezone, aware(row.anchor))


def _timing(values: dict, now: dt.datetime) -> dict:
    """Validated cron/run_at/recurrence/timezone/anchor columns of values."""
    spec = schedule_time.validate(cron=values.get("cron"), run_at=values.get("run_at"),
                                  recurrence=values.get("recurrence"),
                                  timezone=values.get("timezone"), anchor=now)
    fields = spec.fields()
    return {"cron": fields["cron"], "recurrence": fields["recurrence"],
            "run_at": naive(spec.run_at), "timezone": fields["timezone"],
            "anchor": naive(spec.anchor) if spec.anchor else None, "_spec": spec}


def _first(spec, now: dt.datetime) -> dt.datetime:
    first = schedule_time.first_fire(spec=spec, now=now)
    if first is None:
        raise Invalid("the schedule has no fire time after now (its recurrence ended)",
                      code="schedule_never_fires")
    return first


def _owner(fields: dict, caller_user_id: str | None) -> tuple[str, str | None]:
    wanted = fields.get("user_id")
    if caller_user_id:
        if wanted is not None and wanted != caller_user_id:
            raise Forbidden("a session token creates schedules for its own user only",
                            code="schedule_owner_forbidden")
        return "user", caller_user_id
    return ("user", wanted) if wanted else ("org", None)


def create(*, org_id: str, fields: dict, caller_user_id: str | None = None,
           now: dt.datetime | None = None) -> WorkflowSchedule:
    now = _now(now)
    workflow = workflows.get(org_id=org_id, workflow_id=fields["workflow_id"])
    values = {**DEFAULTS, **{k: v for k, v in fields.items() if v is not None}}
    timing = _timing(values, now)
    spec = timing.pop("_spec")
    if values["input"] is not None:
        workflows.validate_input(workflow.input_schema, values["input"])
    owner_kind, user_id = _owner(fields, caller_user_id)
    row = {k: values[k] for k in (*PLAIN, "input")}
    with atomic():
        return S.create(id=new_id(), org=org_id, workflow=workflow.id, owner_kind=owner_kind,
                        user_id=user_id, status="active", next_fire_at=naive(_first(spec, now)),
                        consecutive_failures=0, created_at=naive(now), updated_at=naive(now),
                        **timing, **row)


def _mine(org_id: str, user_id: str | None):
    query = scope.scoped(S, org_id)
    return query.where(S.user_id == user_id) if user_id else query


def get(*, org_id: str, schedule_id: str, user_id: str | None = None) -> WorkflowSchedule:
    row = _mine(org_id, user_id).where(S.id == schedule_id).first()
    if row is None:
        raise NotFound("workflow schedule not found")
    return row


def list(*, org_id: str, user_id: str | None = None, workflow_id: str | None = None,
         status: str | None = None, limit: int = 50,
         cursor: str | None = None) -> tuple[list, str | None]:
    """Schedules, oldest first; (rows, next_cursor)."""
    query = _mine(org_id, user_id)
    if workflow_id:
        query = query.where(S.workflow == workflow_id)
    if status:
        query = query.where(S.status == status)
    return pages.page(query, (S.created_at, S.id), limit=limit, cursor=cursor)


def _write(row: WorkflowSchedule, values: dict, *allowed_status) -> WorkflowSchedule:
    """Apply values if the row is still in one of allowed_status (a concurrent change wins)."""
    with atomic():
        where = [S.id == row.id]
        if allowed_status:
            where.append(S.status.in_(allowed_status))
        if S.update(values).where(*where).execute() == 0:
            raise Conflict("the schedule changed concurrently; retry", code="schedule_changed")
    return S.get_by_id(row.id)


def update(*, org_id: str, schedule_id: str, fields: dict, user_id: str | None = None,
           now: dt.datetime | None = None) -> WorkflowSchedule:
    """Given fields replace the stored ones. Naming one of cron, run_at or recurrence replaces
    the schedule's kind; a new timing (or timezone) recomputes next_fire_at from now for an
    active schedule and makes a completed one active again."""
    now = _now(now)
    row = get(org_id=org_id, schedule_id=schedule_id, user_id=user_id)
    values = {k: fields[k] for k in (*PLAIN, "input") if k in fields}
    for key in ("notify", "max_consecutive_failures", "skip_missed"):
        if key in values and values[key] is None:
            values[key] = DEFAULTS[key]
    if values.get("input") is not None:
        workflows.validate_input(Workflow.get_by_id(row.workflow_id).input_schema,
                                 values["input"])
    if any(k in fields for k in (*KINDS, "timezone")):
        current = {"cron": row.cron, "recurrence": row.recurrence,
                   "run_at": iso(row.run_at) if row.run_at else None,
                   "timezone": row.timezone}
        if any(k in fields for k in KINDS):
            current.update({k: fields.get(k) for k in KINDS})
        if "timezone" in fields:
            current["timezone"] = fields["timezone"] or "UTC"
        timing = _timing(current, now)
        spec = timing.pop("_spec")
        values.update(timing)
        if row.status in ("active", "completed"):
            values.update(status="active", next_fire_at=naive(_first(spec, now)))
    values["updated_at"] = naive(now)
    return _write(row, values, row.status)


def pause(*, org_id: str, schedule_id: str, user_id: str | None = None,
          now: dt.datetime | None = None) -> WorkflowSchedule:
    """Stop firing at once (no fire is claimed after this returns)."""
    row = get(org_id=org_id, schedule_id=schedule_id, user_id=user_id)
    if row.status == "completed":
        raise Conflict("a completed schedule has nothing left to fire", code="schedule_completed")
    if row.status == "paused":
        return row
    return _write(row, {"status": "paused", "next_fire_at": None,
                        "updated_at": naive(_now(now))}, row.status)


def resume(*, org_id: str, schedule_id: str, user_id: str | None = None,
           now: dt.datetime | None = None) -> WorkflowSchedule:
    """From paused or disabled: active, next_fire_at from now, failure count reset."""
    now = _now(now)
    row = get(org_id=org_id, schedule_id=schedule_id, user_id=user_id)
    if row.status == "completed":
        raise Conflict("a completed schedule has nothing left to fire; give it a new run_at, "
                       "cron or recurrence with PATCH", code="schedule_completed")
    if row.status == "active":
        return row
    following = schedule_time.next_fire(spec=spec_of(row), after=now)
    return _write(row, {"status": "active", "next_fire_at": naive(following),
                        "consecutive_failures": 0, "updated_at": naive(now)}, row.status)


def delete(*, org_id: str, schedule_id: str, user_id: str | None = None) -> None:
    row = get(org_id=org_id, schedule_id=schedule_id, user_id=user_id)
    with atomic():
        scope.delete(S, org_id, S.id == row.id)


def to_dict(row: WorkflowSchedule) -> dict:
    return {
        "id": row.id, "workflow_id": row.workflow_id, "owner_kind": row.owner_kind,
        "user_id": row.user_id, "status": row.status, "cron": row.cron,
        "run_at": iso(row.run_at), "recurrence": row.recurrence, "timezone": row.timezone,
        "description": row.description, "input": row.input, "notify": row.notify,
        "thread_title": row.thread_title, "skip_missed": row.skip_missed,
        "max_consecutive_failures": row.max_consecutive_failures,
        "consecutive_failures": row.consecutive_failures,
        "next_fire_at": iso(row.next_fire_at), "last_fire_at": iso(row.last_fire_at),
        "last_run_status": row.last_run_status, "last_run_id": row.last_run_id,
        "created_at": iso(row.created_at), "updated_at": iso(row.updated_at),
    }


def record_fire(*, schedule_id: str, at: dt.datetime) -> None:
    """last_fire_at of a run started now (run-now); naive UTC."""
    with atomic():
        S.update(last_fire_at=at, updated_at=utcnow()).where(S.id == schedule_id).execute()

"""The scheduler's claim, as statements written once: the due schedules of a batch, the queued
runs of their fires, and each schedule's next fire.

These are system operations (the scheduler reads every organization's schedules); each run
belongs to its schedule's organization, copied from the schedule row in the statement itself.
They run inside the scheduler's claim transaction (jobs/scheduler.py), a whole batch in a
constant number of statements: on Postgres the runs and the schedules' updates are one
statement each, the batch passed as arrays (`unnest`); on SQLite one prepared statement run
for every row (`executemany`).
"""
from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass

from store import workflow_runs
from store.db import database, is_postgres, new_id, run_sql
from store.models import Workflow


@dataclass(frozen=True, slots=True)
class Due:
    """A due schedule, as the claim reads it (times naive UTC; recurrence as stored text)."""

    id: str
    workflow_id: str
    cron: str | None
    run_at: dt.datetime | None
    recurrence: str | None
    timezone: str
    anchor: dt.datetime | None
    next_fire_at: dt.datetime
    skip_missed: bool


_DUE = ("SELECT id, workflow_id, cron, run_at, recurrence, timezone, anchor, next_fire_at, "
        "skip_missed FROM workflow_schedule WHERE status = 'active' AND next_fire_at <= %s "
        "ORDER BY next_fire_at, id LIMIT %s")


def _time(value) -> dt.datetime | None:
    if value is None or isinstance(value, dt.datetime):
        return value
    return dt.datetime.fromisoformat(value)  # SQLite's stored text


def due(*, now: dt.datetime, limit: int) -> list[Due]:
    """Up to ``limit`` active schedules due at ``now`` (naive UTC), oldest first. On Postgres
    the rows are locked, skipping rows another scheduler holds (call it in the claim's
    transaction)."""
    sql = _DUE + (" FOR UPDATE SKIP LOCKED" if is_postgres() else "")
    out = []
    for sid, wid, cron, run_at, rec, tz, anchor, nxt, skip in run_sql(sql, [now, limit]):
        if rec is not None and not isinstance(rec, str):
            rec = json.dumps(rec, sort_keys=True)  # Postgres answers JSON decoded
        out.append(Due(sid, wid, cron, _time(run_at), rec, tz, _time(anchor), _time(nxt),
                       bool(skip)))
    return out


_COLUMNS = ("id, org_id, workflow_id, schedule_id, fire_at, trigger, user_id, status, input, "
            "definition, steps, output, error, usage, attempt, cancel_requested, request_id, "
            "created_at, updated_at")
# Postgres: the batch as arrays; org, user and input are the schedule's, the definition
# snapshot and step states the workflow's (once per workflow in the batch).
_INSERT_PG = (
    f"INSERT INTO workflow_run ({_COLUMNS}) "
    "SELECT f.id, s.org_id, s.workflow_id, s.id, f.fire_at, 'schedule', s.user_id, 'queued', "
    "COALESCE(s.input, '{}'::jsonb), w.definition, w.steps, NULL, NULL, NULL, 0, FALSE, %s, %s, %s "
    "FROM unnest(%s::varchar[], %s::varchar[], %s::timestamp[]) AS f(id, schedule_id, fire_at) "
    "JOIN workflow_schedule AS s ON s.id = f.schedule_id "
    "JOIN unnest(%s::varchar[], %s::jsonb[], %s::jsonb[]) AS w(id, definition, steps) "
    "ON w.id = s.workflow_id "
    "ON CONFLICT DO NOTHING")
_INSERT_SQLITE = (
    f"INSERT OR IGNORE INTO workflow_run ({_COLUMNS}) "
    "SELECT ?, s.org_id, s.workflow_id, s.id, ?, 'schedule', s.user_id, 'queued', "
    "COALESCE(s.input, '{}'), ?, ?, NULL, NULL, NULL, 0, 0, ?, ?, ? "
    "FROM workflow_schedule AS s WHERE s.id = ?")


def _snapshots(workflow_ids) -> dict[str, tuple[str, str]]:
    """{workflow id: (definition JSON, pending steps JSON)}, as workflow_runs.new_row."""
    out = {}
    for w in Workflow.select(Workflow.id, Workflow.name, Workflow.steps, Workflow.input_schema
                             ).where(Workflow.id.in_(sorted(workflow_ids))):
        out[w.id] = (json.dumps({"name": w.name, "steps": w.steps,
                                 "input_schema": w.input_schema}),
                     json.dumps(workflow_runs.pending_steps(w.steps)))
    return out


def insert_runs(fires: list[tuple[Due, dt.datetime]], *, now: dt.datetime,
                request_id: str | None = None) -> None:
    """The queued run of each (schedule, fire_at); a fire that already has its run (unique
    (schedule_id, fire_at)) is skipped. Each run snapshots its workflow as it is now."""
    if not fires:
        return
    snaps = _snapshots({d.workflow_id for d, _ in fires})
    fires = [(d, at) for d, at in fires if d.workflow_id in snaps]
    if is_postgres():
        wids = list(snaps)
        run_sql(_INSERT_PG, [request_id, now, now, [new_id() for _ in fires],
                             [d.id for d, _ in fires], [at for _, at in fires], wids,
                             [snaps[w][0] for w in wids], [snaps[w][1] for w in wids]])
        return
    database.cursor().executemany(_INSERT_SQLITE, [
        (new_id(), at, *snaps[d.workflow_id], request_id, now, now, d.id) for d, at in fires])


_ADVANCE_PG = (
    "UPDATE workflow_schedule AS s SET next_fire_at = u.next_fire_at, status = u.status, "
    "last_fire_at = COALESCE(u.fire_at, s.last_fire_at), updated_at = %s "
    "FROM unnest(%s::varchar[], %s::timestamp[], %s::varchar[], %s::timestamp[]) "
    "AS u(id, next_fire_at, status, fire_at) WHERE s.id = u.id AND s.status = 'active'")
_ADVANCE_SQLITE = (
    "UPDATE workflow_schedule SET next_fire_at = ?, status = ?, "
    "last_fire_at = COALESCE(?, last_fire_at), updated_at = ? WHERE id = ? AND status = 'active'")


def advance(moves: list[tuple[str, dt.datetime | None, str, dt.datetime | None]], *,
            now: dt.datetime) -> None:
    """Each (schedule id, next_fire_at, status, fire_at): the schedule's next fire and status
    (`completed` when nothing follows), and its last fire when it fired."""
    if not moves:
        return
    if is_postgres():
        run_sql(_ADVANCE_PG, [now, *map(list, zip(*moves))])
        return
    database.cursor().executemany(_ADVANCE_SQLITE, [
        (nxt, status, at, now, sid) for sid, nxt, status, at in moves])


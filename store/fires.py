"""The scheduler's claim, as statements written once: the due schedules of a batch, the queued
runs of their fires, and each schedule's next fire.

These are system operations (the scheduler reads every organization's schedules); each run
belongs to its schedule's organization, copied from the schedule row in the statement itself.
They run inside the scheduler's claim transaction (jobs/scheduler.py), a whole batch in a
constant number of statements. On Postgres the due rows are read through a partial index of
the active schedules in claim order (migration m0038), and the schedules' updates and the runs
are one statement: the batch passed as array literals (`unnest`), each schedule found again by
its row address (`ctid`, stable while the claim's transaction holds the row's lock) and
checked by id. On SQLite one prepared statement is run for every row (`executemany`).
"""
from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass

from store import schedules, webhooks, workflow_runs
from core.db import database, is_postgres, new_id, run_sql, utcnow
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
    ref: str | None = None  # Postgres: the row's address while the claim holds its lock


def _pg_array(values) -> str:
    """A Postgres array literal of texts (``None`` as NULL): one string to send, where a list
    would be adapted element by element into a statement Postgres then parses at length."""
    items = []
    for value in values:
        if value is None:
            items.append("NULL")
            continue
        text = str(value)  # a datetime: its ISO form with a space, as Postgres reads it
        if '"' in text or "\\" in text:
            text = text.replace("\\", "\\\\").replace('"', '\\"')
        items.append(f'"{text}"')
    return "{" + ",".join(items) + "}"


_DUE = ("SELECT {ref}id, workflow_id, cron, run_at, recurrence, timezone, anchor, next_fire_at, "
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
    if not is_postgres():
        return [Due(sid, wid, cron, _time(run_at), rec, tz, _time(anchor), _time(nxt), bool(skip))
                for sid, wid, cron, run_at, rec, tz, anchor, nxt, skip
                in run_sql(_DUE.format(ref=""), [now, limit])]
    out = []
    for ref, sid, wid, cron, run_at, rec, tz, anchor, nxt, skip in run_sql(
            _DUE.format(ref="ctid, ") + " FOR UPDATE SKIP LOCKED", [now, limit]):
        if rec is not None and not isinstance(rec, str):
            rec = json.dumps(rec, sort_keys=True)  # Postgres answers JSON decoded
        out.append(Due(sid, wid, cron, run_at, rec, tz, anchor, nxt, skip, ref))
    return out


_COLUMNS = ("id, org_id, workflow_id, schedule_id, fire_at, trigger, user_id, status, input, "
            "definition, steps, output, error, usage, attempt, cancel_requested, request_id, "
            "created_at, updated_at")
# Postgres, one statement: each schedule (read by its address, matched by id) moves to its
# next fire, and each fire's run is inserted from the row the update returns (org, user and
# input are the schedule's; the definition snapshot and step states the workflow's, passed
# once per workflow in the batch; each run's id a random UUID, as core.db.new_id makes).
_RECORD_PG = (
    "WITH u AS (SELECT * FROM unnest(%s::varchar[], %s::timestamp[], %s::varchar[], "
    "%s::timestamp[]) AS u(id, next_fire_at, status, fire_at)), "
    "s AS (UPDATE workflow_schedule AS s SET next_fire_at = u.next_fire_at, status = u.status, "
    "last_fire_at = COALESCE(u.fire_at, s.last_fire_at), updated_at = %s FROM u "
    "WHERE s.ctid = ANY(%s::tid[]) AND s.id = u.id AND s.status = 'active' "
    "RETURNING s.id, s.org_id, s.workflow_id, s.user_id, s.input, u.fire_at) "
    f"INSERT INTO workflow_run ({_COLUMNS}) "
    "SELECT gen_random_uuid()::text, s.org_id, s.workflow_id, s.id, s.fire_at, 'schedule', "
    "s.user_id, 'queued', COALESCE(s.input, '{}'::jsonb), w.definition, w.steps, NULL, NULL, "
    "NULL, 0, FALSE, %s, %s, %s "
    "FROM s JOIN unnest(%s::varchar[], %s::jsonb[], %s::jsonb[]) AS w(id, definition, steps) "
    "ON w.id = s.workflow_id WHERE s.fire_at IS NOT NULL "
    "ON CONFLICT DO NOTHING")
_INSERT_SQLITE = (
    f"INSERT OR IGNORE INTO workflow_run ({_COLUMNS}) "
    "SELECT ?, s.org_id, s.workflow_id, s.id, ?, 'schedule', s.user_id, 'queued', "
    "COALESCE(s.input, '{}'), ?, ?, NULL, NULL, NULL, 0, 0, ?, ?, ? "
    "FROM workflow_schedule AS s WHERE s.id = ?")
_ADVANCE_SQLITE = (
    "UPDATE workflow_schedule SET next_fire_at = ?, status = ?, "
    "last_fire_at = COALESCE(?, last_fire_at), updated_at = ? WHERE id = ? AND status = 'active'")


def _snapshots(workflow_ids) -> dict[str, tuple[str, str]]:
    """{workflow id: (definition JSON, pending steps JSON)}, as workflow_runs.new_row."""
    out = {}
    for w in Workflow.select(Workflow.id, Workflow.name, Workflow.steps, Workflow.input_schema
                             ).where(Workflow.id.in_(sorted(workflow_ids))):
        out[w.id] = (json.dumps({"name": w.name, "steps": w.steps,
                                 "input_schema": w.input_schema}),
                     json.dumps(workflow_runs.pending_steps(w.steps)))
    return out


def warm() -> None:
    """Postgres: plan the claim's statements on this connection (EXPLAIN runs nothing), so
    that its server process has read the tables' and indexes' definitions before a burst."""
    if not is_postgres():
        return
    run_sql("EXPLAIN " + _DUE.format(ref="ctid, ") + " FOR UPDATE SKIP LOCKED",
            [utcnow(), 0])
    run_sql("EXPLAIN " + _RECORD_PG, ["{}", "{}", "{}", "{}", None, "{}", None, None, None,
                                      [], [], []])


def record(moves: list[tuple[Due, dt.datetime | None, str, dt.datetime | None]], *,
           now: dt.datetime, request_id: str | None = None) -> None:
    """Each (due row, next_fire_at, status, fire_at): the schedule's next fire and status
    (`completed` when nothing follows), its last fire when it fired, and the queued run of
    its fire (fire_at not None). A fire that already has its run (unique (schedule_id,
    fire_at)) is skipped; each run snapshots its workflow as it is now."""
    if not moves:
        return
    fired = {d.workflow_id for d, _, _, at in moves if at is not None}
    snaps = _snapshots(fired) if fired else {}
    if is_postgres():
        wids = list(snaps)
        refs, ids, nexts, statuses, ats = zip(*((d.ref, d.id, nxt, status, at)
                                                for d, nxt, status, at in moves))
        run_sql(_RECORD_PG, [_pg_array(ids), _pg_array(nexts), _pg_array(statuses),
                             _pg_array(ats), now, _pg_array(refs), request_id, now, now, wids,
                             [snaps[w][0] for w in wids], [snaps[w][1] for w in wids]])
        _completed([d.id for d, _, status, _ in moves if status == "completed"])
        return
    cursor = database.cursor()
    cursor.executemany(_INSERT_SQLITE, [
        (new_id(), at, *snaps[d.workflow_id], request_id, now, now, d.id)
        for d, _, _, at in moves if at is not None and d.workflow_id in snaps])
    cursor.executemany(_ADVANCE_SQLITE, [
        (nxt, status, at, now, d.id) for d, nxt, status, at in moves])
    _completed([d.id for d, _, status, _ in moves if status == "completed"])


def _completed(schedule_ids: list[str]) -> None:
    """`schedule.completed` of each schedule that has no fire left (in the claim's
    transaction)."""
    if not schedule_ids:
        return
    from store.models import WorkflowSchedule as S

    for row in S.select().where(S.id.in_(schedule_ids), S.status == "completed"):
        webhooks.emit(org_id=row.org_id, event_type="schedule.completed",
                      data=lambda row=row: {"schedule": schedules.to_dict(row)})

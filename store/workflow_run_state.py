"""Run state for executors: claim with a lease, progress, finish, and the recovery queries.

These are system operations (a worker acts for every organization), addressed by run id; the
API-facing, org-scoped operations are in store/workflow_runs.py. Every write of an executor
is conditional on its lease token (``lease_owner``), so an executor that lost its lease
(another worker took the run over after it expired) can no longer change the run.

A finished run of a schedule updates the schedule in the same transaction: last_run_status,
last_run_id, and the consecutive-failure count that disables the schedule when it reaches
max_consecutive_failures (a success resets it; a cancelled run leaves it), and, for a
schedule with `notify: thread`, the run's result posted into its user's thread by the
``notify`` function the finishing flow passes (runtime/workflows/notify.py), called inside
that transaction.
"""
from __future__ import annotations

import datetime as dt

from peewee import Case

from store import schedules, webhooks
from store import workflow_run_view as view
from core.db import atomic, database, is_postgres, iso, model_row, run_prepared, utcnow
from store.models import WorkflowRun, WorkflowSchedule

R, S = WorkflowRun, WorkflowSchedule


def _ms(value: int) -> dt.timedelta:
    return dt.timedelta(milliseconds=value)


# The executor's hot statements, written once as SQL (peewee would render each of them anew
# for every run) with %s placeholders, run in the bound database's parameter style.
_CLAIM = ("UPDATE workflow_run SET status = 'running', attempt = attempt + 1, "
          "lease_owner = %s, lease_expires_at = %s, updated_at = %s, "
          "started_at = COALESCE(started_at, %s) "
          "WHERE {which} AND cancel_requested = %s AND attempt < %s "
          "AND (status = 'queued' OR (status = 'running' AND lease_expires_at < %s)) "
          "RETURNING *")
_BY_ID = _CLAIM.format(which="id = %s")
_BY_FIRE = _CLAIM.format(which="schedule_id = %s AND fire_at = %s")


# A claim on Postgres is committed without waiting for the WAL flush (synchronous_commit off
# for its own implicit transaction; a claim inside a caller's transaction is left as it is).
# The attempt's next durable commit (its progress or its finish) flushes it; a Postgres crash
# before that loses the claim together with all the attempt recorded, and the run, still
# `queued`, is queued again by recovery: as after a lost worker, its steps run again.
_LAZY = "SET LOCAL synchronous_commit TO OFF; "


def _raw(sql: str, params: list) -> WorkflowRun | None:
    lazy = is_postgres() and not database.in_transaction()
    cursor = run_prepared(sql, params, prefix=_LAZY if lazy else "")
    rows = cursor.fetchall()  # every row read: on SQLite the statement ends only then
    return model_row(R, cursor.description, rows[0]) if rows else None  # one statement


def claim(*, run_id: str, token: str, lease_ms: int, max_attempts: int,
          now: dt.datetime | None = None) -> WorkflowRun | None:
    """Take the run for one execution attempt: a queued run, or a running one whose lease
    expired (its worker died) with attempts left. None when another executor holds it, it is
    finished, or its attempts are used up (recovery fails it). One statement, which answers
    the row it took."""
    now = now or utcnow()
    return _raw(_BY_ID, [token, now + _ms(lease_ms), now, now, run_id, False, max_attempts,
                         now])


def claim_fire(*, schedule_id: str, fire_at: dt.datetime, token: str, lease_ms: int,
               max_attempts: int, now: dt.datetime | None = None) -> WorkflowRun | None:
    """``claim`` for the run of a schedule's fire, found by (schedule_id, fire_at) in the same
    statement."""
    now = now or utcnow()
    return _raw(_BY_FIRE, [token, now + _ms(lease_ms), now, now, schedule_id, fire_at, False,
                           max_attempts, now])


def save_steps(*, run_id: str, token: str, steps: list[dict], usage: dict | None = None,
               now: dt.datetime | None = None) -> bool:
    """Record progress; False when the lease was lost."""
    values = {"steps": steps, "updated_at": now or utcnow()}
    if usage is not None:
        values["usage"] = usage
    return R.update(values).where(R.id == run_id, R.lease_owner == token,
                                  R.status == "running").execute() == 1


def _record_outcome(schedule_id: str | None, run_id: str, status: str, now, *, output=None,
                    error: dict | None = None, notify=None) -> None:
    if not schedule_id:
        return
    values = {S.last_run_status: status, S.last_run_id: run_id, S.updated_at: now}
    if status == "failed":
        reached = (S.status == "active") & (S.consecutive_failures + 1 >= S.max_consecutive_failures)
        values.update({S.consecutive_failures: S.consecutive_failures + 1,
                       S.status: Case(None, [(reached, "disabled")], S.status),
                       S.next_fire_at: Case(None, [(reached, None)], S.next_fire_at)})
    elif status == "succeeded":
        values[S.consecutive_failures] = 0
    # RETURNING: what the notification needs, without another round trip under the row lock
    changed = [*S.update(values).where(S.id == schedule_id)
               .returning(S.org, S.user_id, S.notify, S.thread_title).execute()]
    if changed and changed[0].notify == "thread" and notify is not None:
        notify(schedule=changed[0], run_id=run_id, status=status, output=output, error=error)


def finish(*, run_id: str, token: str, status: str, steps: list[dict], output=None,
           error: dict | None = None, usage: dict | None = None,
           schedule_id: str | None = None, now: dt.datetime | None = None,
           notify=None) -> bool:
    """Record the final status (and, in the same transaction, the outcome on the run's
    schedule, and ``notify(schedule=, run_id=, status=, output=, error=)`` when the schedule
    posts into a thread); False when the lease was lost."""
    now = now or utcnow()
    update = (R.update(status=status, steps=steps, output=output, error=error, usage=usage,
                       finished_at=now, updated_at=now, lease_owner=None, lease_expires_at=None)
              .where(R.id == run_id, R.lease_owner == token, R.status == "running"))
    with atomic():  # the run's webhook event is recorded with its end
        if not schedule_id:
            done = update.execute() == 1
        elif is_postgres():  # both updates in one statement
            args = (run_id, token, status, steps, output, error, usage, schedule_id, now,
                    notify)
            done = _finish_scheduled(*args, guarded=True)
            if done is None:  # the schedule posts the result into a thread
                done = bool(_finish_scheduled(*args, guarded=False))
        else:
            done = bool(update.execute())
            if done:
                _record_outcome(schedule_id, run_id, status, now, output=output, error=error,
                                notify=notify)
        if done:
            announce(run_id, status, schedule_id)
    return done


def announce(run_id: str, status: str, schedule_id: str | None = None) -> None:
    """The webhook events of a run that ended (in the caller's transaction): its own, and
    `schedule.disabled` when its failure disabled its schedule."""
    row = R.select(R.org, R.webhook_url).where(R.id == run_id).first()
    if row is None:
        return
    webhooks.emit(org_id=row.org_id, event_type=f"workflow_run.{status}",
                  run_webhook_url=row.webhook_url,
                  data=lambda: {"run": view.to_dict(R.get_by_id(run_id))})
    if schedule_id and status == "failed":
        disabled = S.select().where(S.id == schedule_id, S.status == "disabled",
                                    S.consecutive_failures == S.max_consecutive_failures).first()
        if disabled is not None:
            webhooks.emit(org_id=disabled.org_id, event_type="schedule.disabled",
                          data=lambda: {"schedule": schedules.to_dict(disabled)})


# Postgres: the run's final state and its schedule's outcome in one statement (as
# _record_outcome; each SET reads the schedule row as it was), answering whether the run was
# still held and what the notification needs. The guarded form, one statement with no
# transaction around it, leaves a run whose schedule posts into a thread (`notify: thread`)
# untouched and says so: that one is finished in a transaction with its notification.
_FINISH_SCHEDULED = (
    "WITH r AS (UPDATE workflow_run SET status = %s, steps = %s, output = %s, error = %s, "
    "usage = %s, finished_at = %s, updated_at = %s, lease_owner = NULL, "
    "lease_expires_at = NULL WHERE id = %s AND lease_owner = %s AND status = 'running'"
    "{guard} RETURNING id), "
    "s AS (UPDATE workflow_schedule SET last_run_status = %s, last_run_id = %s, "
    "updated_at = %s{outcome} WHERE id = %s AND EXISTS (SELECT 1 FROM r) "
    "RETURNING org_id, user_id, notify, thread_title) "
    "SELECT (SELECT count(*) FROM r), s.org_id, s.user_id, s.notify, s.thread_title{posts} "
    "FROM (SELECT 1) AS one LEFT JOIN s ON TRUE")
_POSTS = "SELECT 1 FROM workflow_schedule WHERE id = %s AND notify = 'thread'"
_GUARDED = {"guard": f" AND NOT EXISTS ({_POSTS})", "posts": f", EXISTS ({_POSTS})"}
_PLAIN = {"guard": "", "posts": ""}
_REACHED = ("status = 'active' AND consecutive_failures + 1 >= max_consecutive_failures")
_OUTCOME = {
    "failed": (f", consecutive_failures = consecutive_failures + 1, "
               f"status = CASE WHEN {_REACHED} THEN 'disabled' ELSE status END, "
               f"next_fire_at = CASE WHEN {_REACHED} THEN NULL ELSE next_fire_at END"),
    "succeeded": ", consecutive_failures = 0",
}
_STATEMENTS = {(status, guarded): _FINISH_SCHEDULED.format(outcome=outcome,
                                                            **(_GUARDED if guarded else _PLAIN))
               for status, outcome in (*_OUTCOME.items(), (None, ""))
               for guarded in (True, False)}


def _finish_scheduled(run_id, token, status, steps, output, error, usage, schedule_id,
                      now, notify, guarded: bool) -> bool | None:
    """True: finished; False: the lease was lost; None (guarded only): the schedule posts
    into a thread, nothing changed."""
    sql = _STATEMENTS[(status if status in _OUTCOME else None, guarded)]
    params = [status, R.steps.db_value(steps), R.output.db_value(output),
              R.error.db_value(error), R.usage.db_value(usage), now, now, run_id, token,
              *([schedule_id] if guarded else []), status, run_id, now, schedule_id,
              *([schedule_id] if guarded else [])]
    done, org_id, user_id, mode, title, *posts = run_prepared(sql, params).fetchall()[0]
    if not done:
        return None if posts and posts[0] else False
    if mode == "thread" and notify is not None:
        notify(schedule=S(org=org_id, user_id=user_id, notify=mode, thread_title=title),
               run_id=run_id, status=status, output=output, error=error)
    return True


def cancel_queued(row: WorkflowRun, now: dt.datetime | None = None) -> bool:
    """Cancel a run that no executor holds yet; False when it is no longer queued."""
    now = now or utcnow()
    with atomic():
        done = (R.update(status="cancelled", cancel_requested=True, finished_at=now,
                         updated_at=now, error={"code": "cancelled",
                                                "message": "the run was cancelled"})
                .where(R.id == row.id, R.status == "queued").execute())
        if done:
            _record_outcome(row.schedule_id, row.id, "cancelled", now)
            announce(row.id, "cancelled")
    return bool(done)


def heartbeat(*, leases: dict[str, str], lease_ms: int,
              now: dt.datetime | None = None) -> dict[str, tuple[bool, bool]]:
    """Extend the leases {run_id: token} held by this process. Returns {run_id: (still
    held, cancel requested)}."""
    if not leases:
        return {}
    now = now or utcnow()
    with atomic():
        (R.update(lease_expires_at=now + _ms(lease_ms))
         .where(R.id.in_(list(leases)), R.lease_owner.in_(list(leases.values())),
                R.status == "running").execute())
        rows = {row.id: row for row in R.select(R.id, R.lease_owner, R.cancel_requested, R.status)
                .where(R.id.in_(list(leases)))}
    out = {}
    for run_id, token in leases.items():
        row = rows.get(run_id)
        held = row is not None and row.lease_owner == token and row.status == "running"
        out[run_id] = (held, bool(row is not None and row.cancel_requested))
    return out


def expired(*, now: dt.datetime | None = None, limit: int = 500) -> list[WorkflowRun]:
    """Running runs whose executor stopped renewing its lease."""
    now = now or utcnow()
    return [*R.select(R.id, R.org, R.schedule_id, R.attempt, R.cancel_requested, R.steps,
                      R.lease_owner)
            .where(R.status == "running", R.lease_expires_at < now)
            .order_by(R.lease_expires_at).limit(limit)]


def stale_queued(*, older_than_ms: int, now: dt.datetime | None = None,
                 limit: int = 500) -> list[WorkflowRun]:
    """Queued runs untouched for a while: their job may have been lost (Redis restarted)."""
    now = now or utcnow()
    return [*R.select(R.id, R.attempt).where(R.status == "queued",
                                            R.updated_at < now - _ms(older_than_ms))
            .order_by(R.updated_at).limit(limit)]


def touch(run_ids: list[str], now: dt.datetime | None = None) -> None:
    if run_ids:
        with atomic():
            R.update(updated_at=now or utcnow()).where(R.id.in_(run_ids),
                                                       R.status == "queued").execute()


def abandon(*, run: WorkflowRun, status: str, code: str, message: str,
            now: dt.datetime | None = None, notify=None) -> bool:
    """End an expired run nobody will execute again: `failed` (attempts used up) or
    `cancelled` (cancel was requested). Conditional on it still being the same expired lease."""
    now = now or utcnow()
    steps = [dict(s, status="failed" if status == "failed" else "cancelled",
                  error={"code": code, "message": message}, finished_at=iso(now))
             if s["status"] == "running" else s for s in (run.steps or [])]
    with atomic():
        done = (R.update(status=status, steps=steps, finished_at=now, updated_at=now,
                         error={"code": code, "message": message}, lease_owner=None,
                         lease_expires_at=None)
                .where(R.id == run.id, R.status == "running", R.lease_owner == run.lease_owner,
                       R.lease_expires_at < now).execute())
        if done:
            _record_outcome(run.schedule_id, run.id, status, now,
                            error={"code": code, "message": message}, notify=notify)
            announce(run.id, status, run.schedule_id)
    return bool(done)

"""Deliveries of webhook events (store/webhooks.py records them): claiming the due ones,
recording each attempt's outcome, the delivery log of an endpoint, and redelivery.

A delivery is `pending` until an attempt gets a 2xx (`succeeded`) or retries end (`failed`).
A dispatcher claims due deliveries by moving `next_attempt_at` past a lease and naming itself
in `lease_owner`; the outcome of an attempt is written only while that claim holds, so an
attempt whose claim expired (its process died) is simply taken again: delivery is at least
once, and receivers deduplicate by `webhook-id`.

Failures retry with exponential backoff and jitter (from AGENT_PLATFORM_WEBHOOK_RETRY_BASE_MS,
at most ..._RETRY_MAX_MS) until the delivery is older than ..._RETRY_FOR_S (24 h). `410 Gone`
disables the endpoint at once; an endpoint whose deliveries have failed without a success for
..._DISABLE_AFTER_S (3 days) is disabled too. A disabled endpoint's pending deliveries fail
(`endpoint_disabled`); they can be sent again with redeliver once it is enabled.
"""
from __future__ import annotations

import datetime as dt
import random

from store import pages, scope
from core.db import atomic, is_postgres, iso, run_sql, utcnow
from store.errors import Conflict
from store.models_webhooks import WebhookDelivery, WebhookEndpoint

D, E = WebhookDelivery, WebhookEndpoint
RESPONSE_KEPT = 1024

_CLAIM = ('UPDATE "webhook_delivery" SET "next_attempt_at" = %s, "lease_owner" = %s '
          'WHERE "id" IN (SELECT "id" FROM "webhook_delivery" WHERE "state" = \'pending\' '
          'AND "next_attempt_at" <= %s ORDER BY "next_attempt_at" LIMIT %s{lock}) '
          'RETURNING "id"')


def claim_due(*, owner: str, limit: int, lease_s: float, now: dt.datetime | None = None) -> list[str]:
    """Take up to limit due deliveries for lease_s seconds; their ids."""
    now = now or utcnow()
    sql = _CLAIM.format(lock=" FOR UPDATE SKIP LOCKED" if is_postgres() else "")
    with atomic():
        rows = run_sql(sql, [now + dt.timedelta(seconds=lease_s), owner, now, limit]).fetchall()
    return [r[0] for r in rows]


def claimed(*, ids: list[str], owner: str, lease_s: float,
            secrets_of=None) -> list[tuple[WebhookDelivery, WebhookEndpoint | None, list]]:
    """The deliveries among ids this owner still holds, their lease renewed from now (the
    job may have waited in its queue), each with its endpoint (None for a run's own URL)
    and the secrets that sign it (``secrets_of(endpoint)``, once per endpoint)."""
    now = utcnow()
    with atomic():
        (D.update(next_attempt_at=now + dt.timedelta(seconds=lease_s))
         .where(D.id.in_(ids), D.lease_owner == owner, D.state == "pending").execute())
    rows = [*D.select().where(D.id.in_(ids), D.lease_owner == owner, D.state == "pending")]
    endpoint_ids = {r.endpoint_id for r in rows if r.endpoint_id}
    endpoints = {e.id: e for e in E.select().where(E.id.in_(endpoint_ids))} if endpoint_ids else {}
    signing = {e.id: secrets_of(e) for e in endpoints.values()} if secrets_of else {}
    return [(r, endpoints.get(r.endpoint_id), signing.get(r.endpoint_id, []))
            for r in rows]


def _backoff(settings, attempts: int) -> dt.timedelta:
    base = settings.webhook_retry_base_ms * 2 ** min(max(attempts - 1, 0), 30)
    return dt.timedelta(milliseconds=min(settings.webhook_retry_max_ms, base)
                        * random.uniform(0.75, 1.25))


def succeeded(*, owner: str, results: list[tuple[WebhookDelivery, int, str]],
              now: dt.datetime | None = None) -> int:
    """Record successful attempts, many in one transaction ((delivery, status code, the
    answer's first KB) each); a success ends its endpoint's failure streak. Returns how many
    were still held by this owner."""
    now = now or utcnow()
    done = 0
    with atomic():
        by_answer: dict[tuple, list[str]] = {}
        for delivery, status_code, response in results:
            by_answer.setdefault((status_code, response[:RESPONSE_KEPT]), []).append(delivery.id)
        for (status_code, response), ids in by_answer.items():
            done += (D.update(state="succeeded", attempts=D.attempts + 1,
                              last_status_code=status_code, last_error=None,
                              last_response=response, next_attempt_at=None, lease_owner=None,
                              finished_at=now, updated_at=now)
                     .where(D.id.in_(ids), D.lease_owner == owner, D.state == "pending")
                     .execute())
        endpoint_ids = {d.endpoint_id for d, _, _ in results if d.endpoint_id}
        if endpoint_ids:
            (E.update(failing_since=None)
             .where(E.id.in_(endpoint_ids), E.failing_since.is_null(False)).execute())
    return done


def failed(settings, *, delivery: WebhookDelivery, owner: str, status_code: int | None,
           error: str, response: str | None, now: dt.datetime | None = None) -> str | None:
    """Record a failed attempt; returns the delivery's state after it (None: the claim was
    lost), and disables the endpoint on 410 Gone or after its failure streak."""
    now = now or utcnow()
    attempts = delivery.attempts + 1
    values = {D.attempts: attempts, D.last_status_code: status_code, D.last_error: error[:500],
              D.last_response: None if response is None else response[:RESPONSE_KEPT],
              D.lease_owner: None, D.updated_at: now}
    with atomic():
        reason = None
        if delivery.endpoint_id:
            reason = _endpoint_failed(settings, delivery.endpoint_id, status_code, now)
        if reason is not None:
            values.update({D.state: "failed", D.next_attempt_at: None, D.finished_at: now})
        elif now - delivery.created_at >= dt.timedelta(seconds=settings.webhook_retry_for_s):
            values.update({D.state: "failed", D.next_attempt_at: None, D.finished_at: now})
        else:
            values[D.next_attempt_at] = now + _backoff(settings, attempts)
        done = (D.update(values).where(D.id == delivery.id, D.lease_owner == owner,
                                       D.state == "pending").execute())
        if reason is not None:
            _fail_pending(delivery.endpoint_id, now)
    if not done:
        return None
    return values.get(D.state, "pending")


def _endpoint_failed(settings, endpoint_id: str, status_code: int | None, now) -> str | None:
    """The failure streak of an endpoint; the reason it is disabled now, or None."""
    (E.update(failing_since=now).where(E.id == endpoint_id, E.failing_since.is_null())
     .execute())
    row = E.select(E.status, E.failing_since).where(E.id == endpoint_id).first()
    if row is None or row.status != "enabled":
        return None
    reason = None
    if status_code == 410:
        reason = "the endpoint answered 410 Gone"
    elif now - row.failing_since >= dt.timedelta(seconds=settings.webhook_disable_after_s):
        reason = (f"every delivery failed since {iso(row.failing_since)} "
                  f"({settings.webhook_disable_after_s} s without a success)")
    if reason is not None:
        (E.update(status="disabled", disabled_reason=reason, updated_at=now)
         .where(E.id == endpoint_id).execute())
    return reason


def _fail_pending(endpoint_id: str, now) -> None:
    (D.update(state="failed", last_error="endpoint_disabled: the endpoint is disabled",
              next_attempt_at=None, lease_owner=None, finished_at=now, updated_at=now)
     .where(D.endpoint == endpoint_id, D.state == "pending").execute())


def put_back(*, delivery: WebhookDelivery, owner: str, delay_s: float) -> None:
    """A claimed delivery given back unattempted (its receiver's queue is full): due again
    after delay_s, its attempts unchanged."""
    (D.update(next_attempt_at=utcnow() + dt.timedelta(seconds=delay_s), lease_owner=None)
     .where(D.id == delivery.id, D.lease_owner == owner, D.state == "pending").execute())


def skip_disabled(*, delivery: WebhookDelivery, owner: str) -> None:
    """A delivery claimed for an endpoint disabled meanwhile fails without an attempt."""
    now = utcnow()
    (D.update(state="failed", last_error="endpoint_disabled: the endpoint is disabled",
              next_attempt_at=None, lease_owner=None, finished_at=now, updated_at=now)
     .where(D.id == delivery.id, D.lease_owner == owner, D.state == "pending").execute())


# --- the API's view --------------------------------------------------------------------------


def list(*, org_id: str, webhook_id: str, limit: int = 50, cursor: str | None = None):
    """An endpoint's deliveries, newest first; (rows, next_cursor)."""
    scope.get(E, org_id, E.id == webhook_id, what="webhook")
    query = scope.scoped(D, org_id).where(D.endpoint == webhook_id)
    return pages.page(query, (D.created_at, D.id), limit=limit, cursor=cursor, desc=True)


def get(*, org_id: str, webhook_id: str, delivery_id: str) -> WebhookDelivery:
    return scope.get(D, org_id, D.id == delivery_id, D.endpoint == webhook_id,
                     what="delivery")


def redeliver(*, org_id: str, webhook_id: str, delivery_id: str) -> WebhookDelivery:
    """The delivery's event again, as a new delivery to the endpoint (the same `webhook-id`,
    so a receiver that has it can tell)."""
    with atomic():
        endpoint = scope.get(E, org_id, E.id == webhook_id, what="webhook")
        if endpoint.status != "enabled":
            raise Conflict("the webhook is disabled; enable it (PATCH status: enabled) before "
                           "redelivering", code="webhook_disabled")
        old = get(org_id=org_id, webhook_id=webhook_id, delivery_id=delivery_id)
        now = utcnow()
        return D.create(org=org_id, endpoint=webhook_id, event_id=old.event_id,
                        event_type=old.event_type, body=old.body, state="pending",
                        next_attempt_at=now, created_at=now, updated_at=now)


def to_dict(row: WebhookDelivery) -> dict:
    return {"id": row.id, "webhook_id": row.endpoint_id, "event_id": row.event_id,
            "event_type": row.event_type, "status": row.state, "attempts": row.attempts,
            "last_status_code": row.last_status_code, "last_error": row.last_error,
            "last_response": row.last_response,
            "next_attempt_at": iso(row.next_attempt_at) if row.state == "pending" else None,
            "created_at": iso(row.created_at), "finished_at": iso(row.finished_at)}


def sweep(*, older_than: dt.datetime, limit: int = 1000) -> int:
    """Forget finished deliveries (succeeded or failed) older than older_than, and trigger
    delivery ids past their 24 hours; up to limit rows of each per call. Returns how many
    deliveries went."""
    from store.models_webhooks import TriggerReceipt

    with atomic():
        old = [r.id for r in D.select(D.id).where(D.state != "pending",
                                                 D.finished_at < older_than).limit(limit)]
        if old:
            D.delete().where(D.id.in_(old)).execute()
        expired = [r.id for r in TriggerReceipt.select(TriggerReceipt.id)
                   .where(TriggerReceipt.expires_at <= utcnow()).limit(limit)]
        if expired:
            TriggerReceipt.delete().where(TriggerReceipt.id.in_(expired)).execute()
    return len(old)


def pending_count() -> int:
    return D.select().where(D.state == "pending").count()

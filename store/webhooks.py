"""Outbound webhooks: an organization's endpoints, their secrets, and the events recorded for
them.

``emit`` is called inside the transaction of the change that causes an event (a run's end, an
approval, a deployment, ...): it writes one pending delivery per enabled endpoint subscribed to
the event's type (and one for a run's own `webhook` URL), in that transaction, so an event is
never lost to a process dying after the commit. Dispatchers (jobs/webhooks.py) take due
deliveries and send them. An organization with no endpoint for a type pays one indexed read.

Secrets (`whsec_...`) are kept encrypted and shown only when made (create, rotate-secret).
After a rotation the previous secret signs too, beside the new one, for
AGENT_PLATFORM_WEBHOOK_SECRET_OVERLAP_S (24 h).
"""
from __future__ import annotations

import datetime as dt
import json
import uuid

from rules import ssrf
from store import webhook_signing as signing
from store import pages, scope
from core import crypto
from core.db import atomic, database, iso, run_prepared, utcnow
from store.models_webhooks import WebhookDelivery, WebhookEndpoint

EVENT_TYPES = (
    "run.succeeded", "run.failed", "run.cancelled",
    "workflow_run.succeeded", "workflow_run.failed", "workflow_run.cancelled",
    "approval.requested", "approval.decided",
    "schedule.disabled", "schedule.completed",
    "group.spend_cap_reached",
    "deployment.created", "deployment.rolled_back",
    "tool_provider.discovery_failed",
    "webhook.test",
)
E = WebhookEndpoint


def new_event_id() -> str:
    return "msg_" + uuid.uuid4().hex


def _check_types(types: list[str]) -> list[str]:
    return sorted(set(types))


def create(*, org_id: str, url: str, event_types: list[str],
           description: str | None = None) -> tuple[WebhookEndpoint, str]:
    """A new endpoint and its secret (the only time the secret is shown, with rotation)."""
    ssrf.check_url(url)
    secret = signing.new_secret()
    now = utcnow()
    row = E.create(org=org_id, url=url, event_types=_check_types(event_types),
                   description=description, secret=crypto.encrypt(secret), created_at=now,
                   updated_at=now)
    return row, secret


def get(*, org_id: str, webhook_id: str) -> WebhookEndpoint:
    return scope.get(E, org_id, E.id == webhook_id, what="webhook")


def list(*, org_id: str, limit: int = 50, cursor: str | None = None):
    return pages.page(scope.scoped(E, org_id), (E.created_at, E.id), limit=limit, cursor=cursor)


def update(*, org_id: str, webhook_id: str, fields: dict) -> WebhookEndpoint:
    """Change url, event_types, description or status; enabling a disabled endpoint clears its
    reason and failure streak."""
    with atomic():
        row = get(org_id=org_id, webhook_id=webhook_id)
        values = {E.updated_at: utcnow()}
        if "url" in fields:
            values[E.url] = ssrf.check_url(fields["url"])
        if "event_types" in fields:
            values[E.event_types] = _check_types(fields["event_types"])
        if "description" in fields:
            values[E.description] = fields["description"]
        if fields.get("status") == "enabled" and row.status != "enabled":
            values.update({E.status: "enabled", E.disabled_reason: None, E.failing_since: None})
        elif fields.get("status") == "disabled" and row.status != "disabled":
            values.update({E.status: "disabled", E.disabled_reason: "disabled by the API"})
        scope.update(E, org_id, values, E.id == row.id)
    return get(org_id=org_id, webhook_id=webhook_id)


def delete(*, org_id: str, webhook_id: str) -> None:
    with atomic():
        get(org_id=org_id, webhook_id=webhook_id)
        scope.delete(E, org_id, E.id == webhook_id)


def rotate_secret(*, org_id: str, webhook_id: str, overlap_s: int) -> tuple[WebhookEndpoint, str]:
    """A new secret; the current one keeps signing beside it for overlap_s seconds."""
    secret = signing.new_secret()
    with atomic():
        row = get(org_id=org_id, webhook_id=webhook_id)
        now = utcnow()
        scope.update(E, org_id, {E.previous_secret: row.secret,
                                 E.previous_expires_at: now + dt.timedelta(seconds=overlap_s),
                                 E.secret: crypto.encrypt(secret), E.updated_at: now},
                     E.id == row.id)
    return get(org_id=org_id, webhook_id=webhook_id), secret


def signing_secrets(row: WebhookEndpoint, now: dt.datetime | None = None) -> list[str]:
    """The secrets that sign a delivery to the endpoint now: the current one, and the previous
    one while its overlap lasts."""
    found = [crypto.decrypt(row.secret)]
    if row.previous_secret and row.previous_expires_at and \
            row.previous_expires_at > (now or utcnow()):
        found.append(crypto.decrypt(row.previous_secret))
    return found


def to_dict(row: WebhookEndpoint, secret: str | None = None) -> dict:
    out = {"id": row.id, "url": row.url, "description": row.description,
           "event_types": row.event_types, "status": row.status,
           "disabled_reason": row.disabled_reason,
           "failing_since": iso(row.failing_since),
           "previous_secret_expires_at": iso(row.previous_expires_at)
           if row.previous_secret else None,
           "created_at": iso(row.created_at), "updated_at": iso(row.updated_at)}
    if secret is not None:
        out["secret"] = secret
    return out


# --- events ----------------------------------------------------------------------------------

_SUBSCRIBED = ('SELECT "id", "event_types" FROM "webhook_endpoint" '
               'WHERE "org_id" = %s AND "status" = \'enabled\'')


def _subscribed(org_id: str, event_type: str) -> list[str]:
    found = []
    for endpoint_id, types in run_prepared(_SUBSCRIBED, [org_id]).fetchall():
        if isinstance(types, str):
            types = json.loads(types)
        if event_type in types:
            found.append(endpoint_id)
    return found


def body_of(event_id: str, event_type: str, data: dict, now: dt.datetime) -> str:
    """The JSON a receiver gets: {type, timestamp, data} (`id` too, the `webhook-id`)."""
    return json.dumps({"id": event_id, "type": event_type, "timestamp": iso(now), "data": data},
                      separators=(",", ":"), default=str)


def emit(*, org_id: str, event_type: str, data, run_webhook_url: str | None = None) -> int:
    """Record an event for its receivers, inside the caller's transaction (one is opened when
    there is none). ``data`` is the payload's `data`, or a function making it (called only
    when someone receives the event). Returns how many deliveries were recorded."""
    if database.in_transaction():
        return _emit(org_id, event_type, data, run_webhook_url)
    with atomic():
        return _emit(org_id, event_type, data, run_webhook_url)


def _emit(org_id: str, event_type: str, data, run_webhook_url: str | None) -> int:
    endpoints = _subscribed(org_id, event_type)
    if not endpoints and not run_webhook_url:
        return 0
    now = utcnow()
    event_id = new_event_id()
    body = body_of(event_id, event_type, data() if callable(data) else data, now)
    rows = [{"id": str(uuid.uuid4()), "org": org_id, "endpoint": endpoint_id, "url": None,
             "event_id": event_id, "event_type": event_type, "body": body, "state": "pending",
             "attempts": 0, "next_attempt_at": now, "created_at": now, "updated_at": now}
            for endpoint_id in endpoints]
    if run_webhook_url:
        rows.append({"id": str(uuid.uuid4()), "org": org_id, "endpoint": None,
                     "url": run_webhook_url, "event_id": event_id, "event_type": event_type,
                     "body": body, "state": "pending", "attempts": 0, "next_attempt_at": now,
                     "created_at": now, "updated_at": now})
    WebhookDelivery.insert_many(rows).execute()
    return len(rows)


def emit_test(*, org_id: str, webhook_id: str) -> WebhookDelivery:
    """A `webhook.test` event for one endpoint (whatever its event types)."""
    with atomic():
        row = get(org_id=org_id, webhook_id=webhook_id)
        now = utcnow()
        event_id = new_event_id()
        body = body_of(event_id, "webhook.test", {"webhook": to_dict(row)}, now)
        return WebhookDelivery.create(org=org_id, endpoint=row.id, event_id=event_id,
                                      event_type="webhook.test", body=body, state="pending",
                                      next_attempt_at=now, created_at=now, updated_at=now)

"""Inbound triggers: `POST /hooks/{token}` starts a run of a workflow, or posts a message
into an end user's thread of a network, from another system's webhook.

The token is shown once (in the trigger's `url`, on create and rotate-secret) and kept only as
a hash. Each trigger verifies its calls one way (`verification.type`): Standard Webhooks,
GitHub's `X-Hub-Signature-256` (`hmac_sha256`), `Authorization: Bearer` (`bearer`), or not at
all (`none`: the token alone); the secret is kept encrypted and shown once too.

`input` maps the JSON payload into the run with JMESPath expressions: for a workflow, each
input field to an expression (`{"who": "sender.login"}`), checked against the workflow's
`input_schema` when saved; for a network, `message`, `user_id` and optionally `conversation`
(the key of the user's thread the message goes into).

A sender's delivery id (`webhook-id`, `X-GitHub-Delivery` or `Idempotency-Key`) is kept for 24
hours with the run it started (``claim``/``settle``): a second call with it answers that run.
"""
from __future__ import annotations

import datetime as dt
import hashlib
import secrets as _secrets

import jmespath
from jmespath.exceptions import JMESPathError

from store import pages, scope, webhook_signing, workflows
from core import crypto
from core.db import atomic, iso, utcnow
from store.errors import Conflict, Invalid, NotFound
from store.models import Copilot
from store.models_webhooks import Trigger, TriggerReceipt, TriggerThread

T = Trigger
TOKEN_PREFIX = "hk_"
RECEIPT_TTL = dt.timedelta(hours=24)
ABANDONED = dt.timedelta(seconds=60)  # a claim whose run never got recorded (its process died)
NETWORK_FIELDS = {"message", "user_id", "conversation"}


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _new_secret(kind: str, given: str | None) -> str | None:
    if kind == "none":
        return None
    if given:
        return given
    return webhook_signing.new_secret() if kind == "standard_webhooks" else \
        _secrets.token_urlsafe(32)


def _compile(expression: str, field: str) -> None:
    try:
        jmespath.compile(expression)
    except JMESPathError as exc:
        raise Invalid(f"input.{field}: {expression!r} is not a JMESPath expression ({exc})",
                      code="invalid_trigger_input") from None


def _check_target(org_id: str, target: dict, mapping: dict) -> None:
    """The target exists and the mapping fits it (400 `invalid_trigger_input`)."""
    for field, expression in mapping.items():
        _compile(expression, field)
    if target["type"] == "workflow":
        workflow = workflows.get(org_id=org_id, workflow_id=target["id"])
        schema = workflow.input_schema or {}
        known = set((schema.get("properties") or {}))
        closed = schema.get("additionalProperties") is False
        unknown = sorted(set(mapping) - known) if (closed or known) else []
        if unknown:
            raise Invalid(f"input maps {', '.join(unknown)}, which the workflow's input_schema "
                          "does not have", code="invalid_trigger_input")
        missing = sorted(set(schema.get("required") or ()) - set(mapping))
        if missing:
            raise Invalid(f"input does not map {', '.join(missing)}, which the workflow's "
                          "input_schema requires", code="invalid_trigger_input")
        return
    scope.get(Copilot, org_id, Copilot.id == target["id"], what="copilot")
    missing = sorted({"message", "user_id"} - set(mapping))
    unknown = sorted(set(mapping) - NETWORK_FIELDS)
    if missing or unknown:
        raise Invalid("a network trigger's input maps message, user_id and optionally "
                      "conversation" + (f" (missing: {', '.join(missing)})" if missing else "")
                      + (f" (unknown: {', '.join(unknown)})" if unknown else ""),
                      code="invalid_trigger_input")


def create(*, org_id: str, fields: dict) -> tuple[Trigger, str, str | None]:
    """A new trigger; (row, token, secret): the token and secret are shown only now."""
    target, verification = fields["target"], fields["verification"]
    mapping = fields.get("input") or {}
    _check_target(org_id, target, mapping)
    token = TOKEN_PREFIX + _secrets.token_urlsafe(32)
    secret = _new_secret(verification["type"], verification.get("secret"))
    now = utcnow()
    with atomic():
        row = T.create(org=org_id, description=fields.get("description"),
                       target_type=target["type"], target_id=target["id"],
                       verification_type=verification["type"],
                       secret=crypto.encrypt(secret) if secret else None,
                       token_hash=token_hash(token), input=mapping,
                       created_at=now, updated_at=now)
    return row, token, secret


def get(*, org_id: str, trigger_id: str) -> Trigger:
    return scope.get(T, org_id, T.id == trigger_id, what="trigger")


def list(*, org_id: str, limit: int = 50, cursor: str | None = None):
    return pages.page(scope.scoped(T, org_id), (T.created_at, T.id), limit=limit, cursor=cursor)


def update(*, org_id: str, trigger_id: str, fields: dict) -> Trigger:
    """Change description, input (checked against the target again) or status."""
    with atomic():
        row = get(org_id=org_id, trigger_id=trigger_id)
        values = {T.updated_at: utcnow()}
        if "input" in fields:
            _check_target(org_id, {"type": row.target_type, "id": row.target_id},
                          fields["input"])
            values[T.input] = fields["input"]
        if "description" in fields:
            values[T.description] = fields["description"]
        if "status" in fields:
            values[T.status] = fields["status"]
        scope.update(T, org_id, values, T.id == row.id)
    return get(org_id=org_id, trigger_id=trigger_id)


def delete(*, org_id: str, trigger_id: str) -> None:
    with atomic():
        get(org_id=org_id, trigger_id=trigger_id)
        scope.delete(T, org_id, T.id == trigger_id)


def rotate_secret(*, org_id: str, trigger_id: str) -> tuple[Trigger, str, str | None]:
    """A new token (so a new url) and a new secret; the old ones stop working at once."""
    token = TOKEN_PREFIX + _secrets.token_urlsafe(32)
    with atomic():
        row = get(org_id=org_id, trigger_id=trigger_id)
        secret = _new_secret(row.verification_type, None)
        scope.update(T, org_id, {T.token_hash: token_hash(token), T.updated_at: utcnow(),
                                 T.secret: crypto.encrypt(secret) if secret else None},
                     T.id == row.id)
    return get(org_id=org_id, trigger_id=trigger_id), token, secret


def find(token: str) -> Trigger | None:
    """The trigger of a token (any organization's: the token is the credential)."""
    return T.select().where(T.token_hash == token_hash(token)).first()


def secret_of(row: Trigger) -> str | None:
    return crypto.decrypt(row.secret) if row.secret else None


def touch(trigger_id: str) -> None:
    T.update(last_called_at=utcnow()).where(T.id == trigger_id).execute()


# --- delivery ids ------------------------------------------------------------------------------


def claim(*, row: Trigger, key: str) -> str | None:
    """Claim a sender's delivery id for this call. Returns None when this call is the first
    (it starts the run), else the run id the first call started; 409 `delivery_in_progress`
    while the first call is still starting its run."""
    now = utcnow()
    try:
        with atomic():
            found = TriggerReceipt.select().where(TriggerReceipt.trigger == row.id,
                                                  TriggerReceipt.delivery_key == key).first()
            if found is not None and found.expires_at > now:
                if found.run_id:
                    return found.run_id
                if now - found.created_at < ABANDONED:
                    raise _in_progress()
            if found is not None:
                TriggerReceipt.delete().where(TriggerReceipt.id == found.id).execute()
            TriggerReceipt.create(org=row.org_id, trigger=row.id, delivery_key=key,
                                  created_at=now, expires_at=now + RECEIPT_TTL)
            TriggerReceipt.delete().where(TriggerReceipt.trigger == row.id,
                                          TriggerReceipt.expires_at <= now).execute()
    except Conflict as exc:
        if exc.code == "conflict":  # the same id claimed at this very moment by another call
            raise _in_progress() from None
        raise
    return None


def _in_progress() -> Conflict:
    return Conflict("a call with this delivery id is being processed; retry shortly",
                    code="delivery_in_progress", headers={"Retry-After": "1"})


def settle(*, row: Trigger, key: str, run_id: str | None) -> None:
    """The run the claimed call started; None: it started none (the claim is let go, so the
    sender's retry may try again)."""
    with atomic():
        query = TriggerReceipt.delete() if run_id is None else \
            TriggerReceipt.update(run_id=run_id)
        query.where(TriggerReceipt.trigger == row.id,
                    TriggerReceipt.delivery_key == key).execute()


# --- network threads ---------------------------------------------------------------------------


def thread_for(*, row: Trigger, user_id: str, key: str) -> str | None:
    found = TriggerThread.select(TriggerThread.thread_id).where(
        TriggerThread.trigger == row.id, TriggerThread.user_id == user_id,
        TriggerThread.conversation_key == key).first()
    return found.thread_id if found else None


def remember_thread(*, row: Trigger, user_id: str, key: str, thread_id: str) -> None:
    with atomic():
        TriggerThread.delete().where(TriggerThread.trigger == row.id,
                                     TriggerThread.user_id == user_id,
                                     TriggerThread.conversation_key == key).execute()
        TriggerThread.create(org=row.org_id, trigger=row.id, user_id=user_id,
                             conversation_key=key, thread_id=thread_id, created_at=utcnow())


def to_dict(row: Trigger, *, url: str | None = None, secret: str | None = None) -> dict:
    """The trigger; with ``url`` (create and rotate-secret only) its url and secret too."""
    out = {"id": row.id, "description": row.description,
           "target": {"type": row.target_type, "id": row.target_id},
           "verification": {"type": row.verification_type}, "input": row.input,
           "status": row.status, "last_called_at": iso(row.last_called_at),
           "created_at": iso(row.created_at), "updated_at": iso(row.updated_at)}
    if url is not None:
        out.update(url=url, secret=secret)
    return out


def missing(what: str = "trigger") -> NotFound:
    return NotFound(f"{what} not found", code="trigger_not_found")

"""An inbound trigger's call (`POST /hooks/{token}`): verify, deduplicate, map, start.

The order is fixed so that nothing about a trigger leaks before its caller is verified: the
token is looked up by its hash (an unknown token still computes a signature, so it answers in
the same time as a wrong one: 404 `trigger_not_found`); the signature or bearer secret is
checked (401 `invalid_signature`, or `signature_expired` for a Standard Webhooks timestamp
older or newer than 5 minutes); then the organization's request rate limit, the delivery id
(a repeat answers the run of the first call), the payload as JSON, and the run, admitted like
any other (spend cap, monthly run quota, turns in flight).
"""
from __future__ import annotations

import json
import time

import jmespath

from runtime.chat import service as chat
from runtime.workflows import runs as workflow_runs_runtime
from store import limits, triggers, webhook_signing, workflows
from store.errors import Forbidden, Invalid, NotFound, Unauthorized

_DECOY = webhook_signing.new_secret()
DELIVERY_HEADERS = ("webhook-id", "x-github-delivery", "idempotency-key")


def _check(row, headers: dict, body: bytes) -> str | None:
    kind = row.verification_type if row is not None else "standard_webhooks"
    secret = triggers.secret_of(row) if row is not None else _DECOY
    if kind == "standard_webhooks":
        return webhook_signing.verify_standard(secret, headers, body, time.time())
    if kind == "hmac_sha256":
        return webhook_signing.verify_github(secret, headers, body)
    if kind == "bearer":
        return webhook_signing.verify_bearer(secret, headers)
    return None


def _text(value) -> str | None:
    if value is None:
        return None
    return value if isinstance(value, str) else json.dumps(value, separators=(",", ":"))


def receive(*, settings, token: str, headers: dict, body: bytes) -> dict:
    """Start the trigger's run from a call; {run_id, trigger_id, duplicate, thread_id}."""
    row = triggers.find(token)
    why = _check(row, headers, body)
    if row is None:
        raise triggers.missing()
    if why == "timestamp":
        raise Unauthorized("the webhook-timestamp is missing or more than 5 minutes away",
                           code="signature_expired")
    if why is not None:
        raise Unauthorized("the call's signature does not verify with the trigger's secret",
                           code="invalid_signature")
    if row.status != "enabled":
        raise Forbidden("the trigger is disabled", code="trigger_disabled")
    limits.check_request(org_id=row.org_id, settings=settings)
    try:
        payload = json.loads(body or b"null")
    except ValueError:
        raise Invalid("the body is not JSON", code="invalid_json") from None
    key = next((headers[h] for h in DELIVERY_HEADERS if headers.get(h)), None)
    if key is not None:
        key = key[:255]
        first = triggers.claim(row=row, key=key)
        if first is not None:
            return {"run_id": first, "trigger_id": row.id, "duplicate": True}
    run_id = None
    try:
        answer = _start(settings, row, payload)
        run_id = answer["run_id"]
    finally:
        if key is not None:
            triggers.settle(row=row, key=key, run_id=run_id)
    triggers.touch(row.id)
    return answer


def _start(settings, row, payload) -> dict:
    mapped = {field: jmespath.search(expression, payload)
              for field, expression in (row.input or {}).items()}
    if row.target_type == "workflow":
        mapped = {k: v for k, v in mapped.items() if v is not None}
        workflow = workflows.get(org_id=row.org_id, workflow_id=row.target_id)
        workflows.validate_input(workflow.input_schema, mapped)
        run = workflow_runs_runtime.start(settings=settings, org_id=row.org_id,
                                          workflow_id=row.target_id, input=mapped,
                                          trigger="webhook", trigger_id=row.id)
        return {"run_id": run.id, "trigger_id": row.id, "duplicate": False}
    message, user_id = _text(mapped.get("message")), _text(mapped.get("user_id"))
    if not message or not user_id:
        raise Invalid("the payload gives no message or no user_id through the trigger's "
                      "input mapping", code="trigger_input_missing")
    key = _text(mapped.get("conversation")) or ""
    thread_id = triggers.thread_for(row=row, user_id=user_id, key=key)
    try:
        posted = chat.post(settings=settings, org_id=row.org_id, user_id=user_id[:200],
                           group_id=None, message=message, copilot_id=row.target_id,
                           thread_id=thread_id, multitask_strategy="enqueue",
                           trigger_id=row.id)
    except NotFound:
        if thread_id is None:
            raise
        posted = chat.post(settings=settings, org_id=row.org_id, user_id=user_id[:200],
                           group_id=None, message=message, copilot_id=row.target_id,
                           multitask_strategy="enqueue", trigger_id=row.id)
    if posted["thread"]["id"] != thread_id:
        triggers.remember_thread(row=row, user_id=user_id, key=key,
                                 thread_id=posted["thread"]["id"])
    return {"run_id": posted["run"]["id"], "trigger_id": row.id, "duplicate": False,
            "thread_id": posted["thread"]["id"]}

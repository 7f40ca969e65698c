"""Models of outbound webhooks (endpoints and their deliveries) and inbound triggers."""
from __future__ import annotations

import peewee

from core.db import new_id, utcnow
from store.models import OrgOwned


class WebhookEndpoint(OrgOwned):
    """A URL that receives the organization's events of `event_types`, signed with `secret`
    (encrypted, core.crypto); after a rotation `previous_secret` signs too until
    `previous_expires_at`. `failing_since` is the first failure since the last success: an
    endpoint failing for AGENT_PLATFORM_WEBHOOK_DISABLE_AFTER_S is disabled."""

    id = peewee.CharField(max_length=36, primary_key=True, default=new_id)
    url = peewee.TextField()
    description = peewee.TextField(null=True)
    event_types = peewee.JSONField(default=list)
    status = peewee.CharField(max_length=12, default="enabled")
    disabled_reason = peewee.TextField(null=True)
    secret = peewee.TextField()
    previous_secret = peewee.TextField(null=True)
    previous_expires_at = peewee.DateTimeField(null=True)
    failing_since = peewee.DateTimeField(null=True)
    created_at = peewee.DateTimeField(default=utcnow)
    updated_at = peewee.DateTimeField(default=utcnow)

    class Meta:
        table_name = "webhook_endpoint"
        indexes = ((("org", "created_at"), False), (("org", "status"), False))


class WebhookDelivery(OrgOwned):
    """One event for one receiver: an endpoint (`endpoint_id`) or a run's own `webhook` URL
    (`url`, no endpoint). `body` is the exact JSON sent; `event_id` is the `webhook-id`, the
    same for every receiver of the event. `state` is pending until a 2xx (succeeded) or until
    retries end (failed); `next_attempt_at` is when a dispatcher may take it next (a claim
    moves it forward by the lease)."""

    id = peewee.CharField(max_length=36, primary_key=True, default=new_id)
    endpoint = peewee.ForeignKeyField(WebhookEndpoint, column_name="endpoint_id", null=True,
                                      on_delete="CASCADE")
    url = peewee.TextField(null=True)
    event_id = peewee.CharField(max_length=40)
    event_type = peewee.CharField(max_length=64)
    body = peewee.TextField()
    state = peewee.CharField(max_length=12, default="pending")
    attempts = peewee.IntegerField(default=0)
    last_status_code = peewee.IntegerField(null=True)
    last_error = peewee.TextField(null=True)
    last_response = peewee.TextField(null=True)
    next_attempt_at = peewee.DateTimeField(null=True)
    lease_owner = peewee.CharField(max_length=36, null=True)
    created_at = peewee.DateTimeField(default=utcnow)
    updated_at = peewee.DateTimeField(default=utcnow)
    finished_at = peewee.DateTimeField(null=True)

    class Meta:
        table_name = "webhook_delivery"
        indexes = ((("state", "next_attempt_at"), False),
                   (("endpoint", "created_at"), False))


class Trigger(OrgOwned):
    """An inbound webhook: `POST /hooks/{token}` (only the token's hash is kept) verified by
    `verification_type` with `secret` (encrypted), starting a run of the target with `input`
    mapped from the payload by JMESPath expressions."""

    id = peewee.CharField(max_length=36, primary_key=True, default=new_id)
    description = peewee.TextField(null=True)
    target_type = peewee.CharField(max_length=12)
    target_id = peewee.CharField(max_length=36)
    verification_type = peewee.CharField(max_length=20)
    secret = peewee.TextField(null=True)
    token_hash = peewee.CharField(max_length=64, unique=True)
    input = peewee.JSONField(default=dict)
    status = peewee.CharField(max_length=12, default="enabled")
    last_called_at = peewee.DateTimeField(null=True)
    created_at = peewee.DateTimeField(default=utcnow)
    updated_at = peewee.DateTimeField(default=utcnow)

    class Meta:
        table_name = "trigger"
        indexes = ((("org", "created_at"), False),)


class TriggerReceipt(OrgOwned):
    """A sender's delivery id seen by a trigger, and the run it started, kept for 24 hours:
    a second call with the same id answers the same run."""

    id = peewee.BigAutoField()
    trigger = peewee.ForeignKeyField(Trigger, column_name="trigger_id", on_delete="CASCADE")
    delivery_key = peewee.CharField(max_length=255)
    run_id = peewee.CharField(max_length=36, null=True)
    created_at = peewee.DateTimeField(default=utcnow)
    expires_at = peewee.DateTimeField(index=True)

    class Meta:
        table_name = "trigger_receipt"
        indexes = ((("trigger", "delivery_key"), True),)


class TriggerThread(OrgOwned):
    """The chat thread a network trigger posts into for one end user and conversation key."""

    id = peewee.BigAutoField()
    trigger = peewee.ForeignKeyField(Trigger, column_name="trigger_id", on_delete="CASCADE")
    user_id = peewee.CharField(max_length=200)
    conversation_key = peewee.CharField(max_length=255)
    thread_id = peewee.CharField(max_length=36)
    created_at = peewee.DateTimeField(default=utcnow)

    class Meta:
        table_name = "trigger_thread"
        indexes = ((("trigger", "user_id", "conversation_key"), True),)

"""Outbound webhooks: endpoints, their secrets, test events and delivery logs (API key)."""
from __future__ import annotations

from handlers import created, ok
from store import webhook_deliveries, webhooks


def list_webhooks(caller, limit=50, cursor=None):
    rows, following = webhooks.list(org_id=caller.org_id, limit=limit, cursor=cursor)
    return ok({"webhooks": [webhooks.to_dict(r) for r in rows], "next_cursor": following})


def create_webhook(caller, body):
    row, secret = webhooks.create(org_id=caller.org_id, url=body["url"],
                                  event_types=body["event_types"],
                                  description=body.get("description"))
    return created({"webhook": webhooks.to_dict(row, secret)}, f"/v1/webhooks/{row.id}")


def get_webhook(caller, id):
    return ok({"webhook": webhooks.to_dict(webhooks.get(org_id=caller.org_id, webhook_id=id))})


def update_webhook(caller, id, body):
    row = webhooks.update(org_id=caller.org_id, webhook_id=id, fields=body)
    return ok({"webhook": webhooks.to_dict(row)})


def delete_webhook(caller, id):
    webhooks.delete(org_id=caller.org_id, webhook_id=id)
    return ok({"deleted": id})


def rotate_webhook_secret(caller, settings, id):
    row, secret = webhooks.rotate_secret(org_id=caller.org_id, webhook_id=id,
                                         overlap_s=settings.webhook_secret_overlap_s)
    return ok({"webhook": webhooks.to_dict(row, secret)})


def test_webhook(caller, id):
    delivery = webhooks.emit_test(org_id=caller.org_id, webhook_id=id)
    return ok({"delivery": webhook_deliveries.to_dict(delivery)}, 202)


def list_webhook_deliveries(caller, id, limit=50, cursor=None):
    rows, following = webhook_deliveries.list(org_id=caller.org_id, webhook_id=id, limit=limit,
                                              cursor=cursor)
    return ok({"deliveries": [webhook_deliveries.to_dict(r) for r in rows],
               "next_cursor": following})


def redeliver_webhook_delivery(caller, id, delivery_id):
    row = webhook_deliveries.redeliver(org_id=caller.org_id, webhook_id=id,
                                       delivery_id=delivery_id)
    return ok({"delivery": webhook_deliveries.to_dict(row)}, 202)

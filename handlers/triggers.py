"""Inbound triggers: CRUD of the `/hooks/{token}` edges that start runs (API key)."""
from __future__ import annotations

from handlers import created, ok
from store import triggers


def _url(settings, token: str) -> str:
    return f"{settings.public_url}/hooks/{token}"


def list_triggers(caller, limit=50, cursor=None):
    rows, following = triggers.list(org_id=caller.org_id, limit=limit, cursor=cursor)
    return ok({"triggers": [triggers.to_dict(r) for r in rows], "next_cursor": following})


def create_trigger(caller, settings, body):
    row, token, secret = triggers.create(org_id=caller.org_id, fields=body)
    return created({"trigger": triggers.to_dict(row, url=_url(settings, token), secret=secret)},
                   f"/v1/triggers/{row.id}")


def get_trigger(caller, id):
    return ok({"trigger": triggers.to_dict(triggers.get(org_id=caller.org_id, trigger_id=id))})


def update_trigger(caller, id, body):
    return ok({"trigger": triggers.to_dict(
        triggers.update(org_id=caller.org_id, trigger_id=id, fields=body))})


def delete_trigger(caller, id):
    triggers.delete(org_id=caller.org_id, trigger_id=id)
    return ok({"deleted": id})


def rotate_trigger_secret(caller, settings, id):
    row, token, secret = triggers.rotate_secret(org_id=caller.org_id, trigger_id=id)
    return ok({"trigger": triggers.to_dict(row, url=_url(settings, token), secret=secret)})

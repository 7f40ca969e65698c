"""Operator endpoints (admin token): organizations and their API keys."""
from __future__ import annotations

from handlers import ok
from store import keys, orgs


def create_org(body):
    return ok(orgs.to_dict(orgs.create(name=body["name"])), 201)


def create_api_key(orgId, settings, body=None):
    row, plaintext = keys.create(org_id=orgId, name=(body or {}).get("name"),
                                 secret=settings.secret_key)
    return ok({**keys.to_dict(row), "key": plaintext}, 201)


def revoke_api_key(keyId):
    return ok(keys.to_dict(keys.revoke(key_id=keyId)))

"""Operator endpoints (admin token): organizations and their API keys."""
from __future__ import annotations

from handlers import created, ok
from store import keys, orgs


def create_org(body):
    org = orgs.to_dict(orgs.create(name=body["name"]))
    return created(org, f"/v1/admin/orgs/{org['id']}")


def create_api_key(orgId, settings, body=None):
    row, plaintext = keys.create(org_id=orgId, name=(body or {}).get("name"),
                                 secret=settings.secret_key)
    return created({**keys.to_dict(row), "key": plaintext}, f"/v1/admin/api-keys/{row.id}")


def revoke_api_key(keyId):
    return ok(keys.to_dict(keys.revoke(key_id=keyId)))

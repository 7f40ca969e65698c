"""The caller's organization."""
from __future__ import annotations

from handlers import ok
from store import cors, orgs


def get_organization(caller):
    return ok(orgs.to_dict(orgs.get(org_id=caller.org_id)))


def get_organization_cors(caller):
    return ok({"allowed_origins": cors.list_origins(org_id=caller.org_id)})


def put_organization_cors(caller, body):
    origins = cors.replace_origins(org_id=caller.org_id, origins=body["allowed_origins"])
    return ok({"allowed_origins": origins})

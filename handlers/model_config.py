"""The organization's model configuration (default provider, endpoints, write-only keys)."""
from __future__ import annotations

from handlers import ok
from store import model_config


def get_model_config(caller):
    return ok(model_config.get(org_id=caller.org_id))


def put_model_config(caller, body):
    return ok(model_config.set(org_id=caller.org_id, fields=body))

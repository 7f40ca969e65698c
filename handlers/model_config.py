"""The organization's model configuration (default provider, endpoints, write-only keys, and
the embeddings model)."""
from __future__ import annotations

from handlers import ok
from jobs import knowledge as knowledge_jobs
from store import model_config


def get_model_config(caller):
    return ok(model_config.get(org_id=caller.org_id))


def put_model_config(caller, settings, body):
    config, building = model_config.set(org_id=caller.org_id, fields=body)
    knowledge_jobs.queue_build(settings, org_id=caller.org_id, space_id=building)
    return ok(config)

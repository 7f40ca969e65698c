"""An organization's model configuration, over the operator's settings.

    {"default_provider": "openai" | "anthropic" | "echo" | None,
     "providers": {"openai": {"base_url": ..., "has_api_key": bool}, "anthropic": {...}}}

API keys are write-only: stored encrypted with core.crypto, decrypted only to call a model
(``resolve``), never returned or logged. A ``base_url`` passes the SSRF policy when saved (and
again at call time, in runtime/models). PUT replaces the configuration; within a provider's
entry an omitted ``api_key`` keeps the stored key, ``null`` removes it.
"""
from __future__ import annotations

from rules import ssrf
from store import embeddings, scope
from core import crypto
from core.db import Compiled, atomic, iso, utcnow
from store.models import OrgModelConfig

PROVIDERS = ("openai", "anthropic")


_ROW = Compiled(lambda: scope.scoped(OrgModelConfig, "?"))


def _row(org_id: str) -> OrgModelConfig | None:
    return _ROW.instance(org_id)


def _keys(row: OrgModelConfig | None) -> dict:
    return crypto.decrypt(row.secrets) if row is not None and row.secrets else {}


def to_dict(row: OrgModelConfig | None, org_id: str | None = None) -> dict:
    keys = list(_keys(row))
    stored = (row.providers if row is not None else None) or {}
    return {
        "default_provider": row.default_provider if row is not None else None,
        "providers": {name: {"base_url": (stored.get(name) or {}).get("base_url"),
                             "has_api_key": name in keys} for name in PROVIDERS},
        "embeddings": embeddings.to_dict(org_id=org_id) if org_id else None,
        "updated_at": iso(row.updated_at) if row is not None else None,
    }


def get(*, org_id: str) -> dict:
    return to_dict(_row(org_id), org_id)


def set(*, org_id: str, fields: dict) -> tuple[dict, str | None]:
    """Replace the org's configuration (see the module's docstring for keys); an omitted
    `embeddings` entry is unchanged (store/embeddings.py). Returns (the configuration, the id
    of an embedding space to build or None)."""
    row = _row(org_id)
    keys = _keys(row)
    providers = {}
    for name in PROVIDERS:
        entry = (fields.get("providers") or {}).get(name) or {}
        base_url = entry.get("base_url")
        if base_url is not None:
            ssrf.check_url(base_url)
        providers[name] = {"base_url": base_url}
        if "api_key" in entry:
            if entry["api_key"] is None:
                keys.pop(name, None)
            else:
                keys[name] = entry["api_key"]
    values = {"default_provider": fields.get("default_provider"), "providers": providers,
              "secrets": crypto.encrypt(keys) if keys else None, "updated_at": utcnow()}
    with atomic():
        if row is None:
            OrgModelConfig.create(org=org_id, **values)
        else:
            OrgModelConfig.update(values).where(OrgModelConfig.id == row.id).execute()
        building = (embeddings.configure(org_id=org_id, entry=fields["embeddings"])
                    if "embeddings" in fields else None)
    return get(org_id=org_id), building.id if building is not None else None


def resolve(*, org_id: str) -> dict:
    """What a model call of org_id uses: {"default_provider", name: {"base_url", "api_key"}}
    (decrypted keys: for the call only; never return or log this)."""
    row = _row(org_id)
    if row is None:
        return {"default_provider": None}
    keys = _keys(row)
    out = {"default_provider": row.default_provider}
    for name in PROVIDERS:
        out[name] = {"base_url": ((row.providers or {}).get(name) or {}).get("base_url"),
                     "api_key": keys.get(name)}
    return out

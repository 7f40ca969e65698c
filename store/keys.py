"""Organization API keys: stored as a keyed SHA-256 hash, shown once, revocable."""
from __future__ import annotations

import dataclasses
import datetime as dt
import hashlib
import hmac
import secrets

from store import orgs, scope
from core.db import Compiled, atomic, iso, new_id, utcnow
from store.errors import NotFound
from store.models import ApiKey

PREFIX = "ap_"
_TOUCH_EVERY = dt.timedelta(seconds=60)


def hash_key(key: str, secret: str) -> str:
    return hmac.new(secret.encode(), key.encode(), hashlib.sha256).hexdigest()


def create(*, org_id: str, name: str | None, secret: str) -> tuple[ApiKey, str]:
    """Create a key for org_id. Returns the row and the plaintext key (never stored)."""
    orgs.get(org_id=org_id)
    plaintext = PREFIX + secrets.token_urlsafe(32)
    with atomic():
        row = ApiKey.create(
            id=new_id(),
            org=org_id,
            name=name or "default",
            prefix=plaintext[:10],
            key_hash=hash_key(plaintext, secret),
            created_at=utcnow(),
        )
    return row, plaintext


def list(*, org_id: str) -> list[ApiKey]:
    """The organization's keys, revoked ones included, oldest first (NotFound for an unknown
    organization)."""
    orgs.get(org_id=org_id)
    return [*scope.scoped(ApiKey, org_id).order_by(ApiKey.created_at, ApiKey.id)]


def revoke(*, key_id: str) -> ApiKey:
    row = ApiKey.get_or_none(ApiKey.id == key_id)
    if row is None:
        raise NotFound("api key not found", code="api_key_not_found")
    if row.revoked_at is None:
        row.revoked_at = utcnow()
        ApiKey.update(revoked_at=row.revoked_at).where(
            ApiKey.id == key_id, ApiKey.revoked_at.is_null()
        ).execute()
    return row


@dataclasses.dataclass(frozen=True)
class KeyMatch:
    id: str
    org_id: str
    needs_touch: bool  # last_used_at is older than a minute: call touch() off the request path


_LIVE_KEY = Compiled(lambda: ApiKey.select(ApiKey.id, ApiKey.org, ApiKey.last_used_at).where(
    ApiKey.key_hash == "?", ApiKey.revoked_at.is_null()))


def authenticate(*, key: str, secret: str) -> KeyMatch | None:
    """The live (unrevoked) key for a plaintext key, or None. One indexed lookup, no cache,
    so a revocation is seen by the very next request in every process."""
    row = _LIVE_KEY.first(hash_key(key, secret))
    if row is None:
        return None
    last = row["last_used_at"]
    return KeyMatch(id=row["id"], org_id=row["org"],
                    needs_touch=last is None or utcnow() - last > _TOUCH_EVERY)


def touch(*, key_id: str) -> None:
    """Record that a key was used (at most about once a minute per key)."""
    ApiKey.update(last_used_at=utcnow()).where(ApiKey.id == key_id).execute()


def to_dict(row: ApiKey) -> dict:
    return {
        "id": row.id,
        "org_id": row.org_id,
        "name": row.name,
        "prefix": row.prefix,
        "created_at": iso(row.created_at),
        "last_used_at": iso(row.last_used_at),
        "revoked_at": iso(row.revoked_at),
    }

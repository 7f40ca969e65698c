"""Browser session tokens, minted by an API key for one end user.

Tokens are signed with the server secret (itsdangerous, HMAC-SHA256) and name their session:
* access token  ``st_<session>.<expiry>.<signature>`` (default 15 minutes),
* refresh token ``sr_<session>.<generation>.<expiry>.<signature>`` (default 30 days).
Verification checks the signature and expiry in memory, then one indexed query confirms that
the session and the API key that minted it are both live, so revoking the key (or the session)
takes effect on the next request in every process. Refresh tokens rotate: each refresh bumps
the session's generation; presenting a spent one revokes the session.
"""
from __future__ import annotations

import dataclasses
import functools
import hashlib
import secrets
import time

from itsdangerous import BadSignature, Signer

from store import groups, users, vault
from store.db import utcnow
from store.errors import Unauthorized
from store.models import ApiKey, UserSession
from store.txn import write_atomic

ACCESS_PREFIX, REFRESH_PREFIX = "st_", "sr_"


@dataclasses.dataclass(frozen=True)
class Session:
    session_id: str
    org_id: str
    key_id: str
    user_id: str
    group_id: str


@functools.lru_cache(maxsize=8)
def _signer(secret_key: str, purpose: str) -> Signer:
    return Signer(secret_key, salt=f"agent-platform.session.{purpose}",
                  key_derivation="hmac", digest_method=hashlib.sha256)


def _tokens(settings, session_id: str, generation: int, user_id: str, group_id: str) -> dict:
    now = int(time.time())
    access = _signer(settings.secret_key, "access").sign(
        f"{session_id}.{now + settings.session_access_ttl}").decode()
    refresh = _signer(settings.secret_key, "refresh").sign(
        f"{session_id}.{generation}.{now + settings.session_refresh_ttl}").decode()
    return {
        "access_token": ACCESS_PREFIX + access,
        "refresh_token": REFRESH_PREFIX + refresh,
        "token_type": "Bearer",
        "expires_in": settings.session_access_ttl,
        "refresh_expires_in": settings.session_refresh_ttl,
        "user_id": user_id,
        "group_id": group_id,
    }


def mint(*, org_id: str, key_id: str, user_id: str, group_id: str | None = None,
         tools_auth: dict | None = None, settings) -> dict:
    """Mint a session for user_id (created if unseen). It bills to group_id when given (created
    on first use), else to the user's current group, else to the Default group. tools_auth is
    stored on the user exactly as PATCH /v1/users would."""
    prepared = vault.prepare(org_id=org_id, tools_auth=tools_auth)
    with write_atomic():
        user = users.ensure(org_id=org_id, user_id=user_id, group_id=group_id)
        group = (groups.ensure(org_id=org_id, group_id=group_id) if group_id is not None
                 else users.group_of(org_id=org_id, user=user))
        vault.store(org_id=org_id, app_user_pk=user.id, prepared=prepared)
        row = UserSession.create(id=secrets.token_hex(16), org=org_id, api_key=key_id,
                                 app_user=user.id, user_id=user.user_id, group=group.id,
                                 group_id=group.group_id, refresh_generation=0,
                                 created_at=utcnow())
    return _tokens(settings, row.id, 0, row.user_id, row.group_id)


def _unsign(token: str, prefix: str, purpose: str, secret_key: str) -> list[str]:
    if not token.startswith(prefix):
        raise BadSignature("wrong prefix")
    return _signer(secret_key, purpose).unsign(token[len(prefix):]).decode().split(".")


def _live_query(session_id: str):
    return (UserSession
            .select(UserSession.org, UserSession.api_key, UserSession.user_id, UserSession.group_id)
            .join(ApiKey, on=(UserSession.api_key == ApiKey.id))
            .where(UserSession.id == session_id, UserSession.revoked_at.is_null(),
                   ApiKey.revoked_at.is_null())
            .tuples())


def verify(token: str, settings) -> Session:
    """The live session an access token names, or Unauthorized."""
    try:
        session_id, expiry = _unsign(token, ACCESS_PREFIX, "access", settings.secret_key)
        expires_at = int(expiry)
    except (BadSignature, ValueError):
        raise Unauthorized("the session token is not valid", code="invalid_token") from None
    if expires_at <= time.time():
        raise Unauthorized("the session token has expired; refresh it", code="token_expired")
    row = _live_query(session_id).first()
    if row is None:
        raise Unauthorized("the session has ended", code="session_revoked")
    org_id, key_id, user_id, group_id = row
    return Session(session_id, org_id, key_id, user_id, group_id)


def revoke(*, session_id: str) -> None:
    UserSession.update(revoked_at=utcnow()).where(
        UserSession.id == session_id, UserSession.revoked_at.is_null()).execute()


def refresh(*, refresh_token: str, settings) -> dict:
    """Exchange a refresh token for a new pair. A spent refresh token revokes its session."""
    try:
        session_id, generation, expiry = _unsign(refresh_token, REFRESH_PREFIX, "refresh",
                                                 settings.secret_key)
        generation, expires_at = int(generation), int(expiry)
    except (BadSignature, ValueError):
        raise Unauthorized("the refresh token is not valid", code="invalid_refresh_token") from None
    if expires_at <= time.time():
        raise Unauthorized("the refresh token has expired", code="refresh_token_expired")
    if _live_query(session_id).first() is None:
        raise Unauthorized("the session has ended", code="session_revoked")
    rotated = (UserSession
               .update(refresh_generation=generation + 1, refreshed_at=utcnow())
               .where(UserSession.id == session_id, UserSession.refresh_generation == generation,
                      UserSession.revoked_at.is_null())
               .execute())
    if rotated != 1:
        revoke(session_id=session_id)
        raise Unauthorized("the refresh token was already used; the session is revoked",
                           code="refresh_token_reused")
    row = UserSession.get_by_id(session_id)
    return _tokens(settings, session_id, generation + 1, row.user_id, row.group_id)

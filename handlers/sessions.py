"""Session tokens for browsers: mint (API key) and refresh (refresh token, no bearer)."""
from __future__ import annotations

from urllib.parse import quote

from handlers import created, ok
from store import sessions


def create_session(caller, settings, body):
    tokens = sessions.mint(org_id=caller.org_id, key_id=caller.key_id, settings=settings, **body)
    return created(tokens, f"/v1/users/{quote(tokens['user_id'], safe='')}")  # the session's user


def refresh_session(settings, body):
    return ok(sessions.refresh(refresh_token=body["refresh_token"], settings=settings))

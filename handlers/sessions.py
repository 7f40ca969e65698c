"""Session tokens for browsers: mint (API key) and refresh (refresh token, no bearer)."""
from __future__ import annotations

from handlers import ok
from store import sessions


def create_session(caller, settings, body):
    return ok(sessions.mint(org_id=caller.org_id, key_id=caller.key_id, settings=settings, **body),
              201)


def refresh_session(settings, body):
    return ok(sessions.refresh(refresh_token=body["refresh_token"], settings=settings))

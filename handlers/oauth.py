"""OAuth connection of an end user to a tool provider."""
from __future__ import annotations

from handlers import ok
from runtime.tools import oauth


def oauth_authorize(caller, settings, id, user_id):
    return ok(oauth.authorization_url(org_id=caller.org_id, provider_id=id, user_id=user_id,
                                      settings=settings))


def oauth_callback(settings, integration, state, code=None, error=None, **_provider_params):
    return ok(oauth.complete(integration=integration, state=state, code=code, error=error,
                             settings=settings))

"""OAuth tools: connect an end user to a provider with `auth.type: oauth2`.

1. ``authorization_url`` gives the provider's authorization URL with a signed, expiring
   ``state`` (itsdangerous) naming the org, provider and user.
2. The provider redirects the browser to ``{public_url}/{provider_id}/callback``; ``complete``
   verifies the state, exchanges the code at the provider's token URL (SSRF policy, timeout)
   and stores the tokens in the user's tools_auth entry (encrypted, store.vault).
3. ``fresh_credentials`` returns a user's entry for a tool call, refreshing OAuth tokens that
   expire within a minute.

The provider's client secret is the `client_secret` of its encrypted `secrets`. Tokens never
appear in a log record, an error message or a response.
"""
from __future__ import annotations

import logging
import re
import secrets
import time
from urllib.parse import parse_qsl, urlencode

import httpx
from itsdangerous import BadSignature, SignatureExpired, URLSafeTimedSerializer

from rules import ssrf
from runtime import ssrf_connect
from store import crypto, scope, users, vault
from store.errors import Conflict, Forbidden, Invalid, NotFound, Unavailable
from store.models import ToolProvider

log = logging.getLogger("agent_platform.oauth")

STATE_SALT = "agent-platform.oauth-state"
REFRESH_MARGIN_S = 60


def _serializer(secret_key: str) -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(secret_key, salt=STATE_SALT)


def _provider(org_id: str, provider_id: str) -> ToolProvider:
    row = scope.scoped(ToolProvider, org_id).where(ToolProvider.id == provider_id).first()
    if row is None:
        raise NotFound("tool provider not found", code="tool_provider_not_found")
    auth = row.auth or {}
    if auth.get("type") != "oauth2" or not auth.get("authorize_url") or not auth.get("token_url"):
        raise Conflict("the provider does not use OAuth (auth.type oauth2 with authorize_url "
                       "and token_url)", code="provider_not_oauth")
    return row


def redirect_uri(public_url: str, provider_id: str) -> str:
    return f"{public_url.rstrip('/')}/{provider_id}/callback"


def authorization_url(*, org_id: str, provider_id: str, user_id: str, settings) -> dict:
    provider = _provider(org_id, provider_id)
    auth = provider.auth
    state = _serializer(settings.secret_key).dumps(
        {"o": org_id, "p": provider.id, "u": user_id, "n": secrets.token_urlsafe(8)})
    scopes = auth.get("scopes") or []
    params = {
        "response_type": "code",
        "client_id": auth.get("client_id", ""),
        "redirect_uri": redirect_uri(settings.public_url, provider.id),
        "state": state,
    }
    if scopes:
        params["scope"] = " ".join(scopes) if isinstance(scopes, list) else str(scopes)
    base = auth["authorize_url"]
    return {
        "authorization_url": base + ("&" if "?" in base else "?") + urlencode(params),
        "state": state,
        "redirect_uri": params["redirect_uri"],
        "expires_in": settings.oauth_state_ttl,
    }


def _read_state(state: str, settings) -> dict:
    try:
        return _serializer(settings.secret_key).loads(state, max_age=settings.oauth_state_ttl)
    except SignatureExpired:
        raise Forbidden("the OAuth state has expired; start the connection again",
                        code="oauth_state_expired") from None
    except BadSignature:
        raise Forbidden("the OAuth state is not valid", code="invalid_oauth_state") from None


def complete(*, integration: str, state: str, code: str | None, error: str | None,
             settings) -> dict:
    """The callback: verify state, exchange the code, store the tokens for the user."""
    data = _read_state(state, settings)
    if data.get("p") != integration:
        raise Forbidden("the OAuth state was issued for another integration",
                        code="invalid_oauth_state")
    if error:
        reason = re.sub(r"[^a-z_]", "", error.lower())[:64] or "error"
        raise Invalid(f"the provider did not authorize the connection ({reason})",
                      code="oauth_denied")
    if not code:
        raise Invalid("the callback carries no authorization code", code="oauth_code_missing")
    org_id, user_id = data["o"], data["u"]
    provider = _provider(org_id, data["p"])
    tokens = _token_request(provider, {
        "grant_type": "authorization_code",
        "code": code,
        "redirect_uri": redirect_uri(settings.public_url, provider.id),
    }, timeout=settings.oauth_timeout)
    user = users.ensure(org_id=org_id, user_id=user_id)
    previous = vault.credentials_for(org_id=org_id, user_id=user_id, provider_id=provider.id)
    vault.put(org_id=org_id, app_user_pk=user.id, provider_id=provider.id,
              entry=_entry(tokens, previous or {}))
    log.info("oauth connection stored", extra={"fields": {"provider_id": provider.id}})
    return {"status": "connected", "provider_id": provider.id, "user_id": user_id}


def _token_request(provider: ToolProvider, form: dict, *, timeout: float) -> dict:
    """POST to the provider's token URL (client_secret_post); the parsed token response."""
    auth = provider.auth
    token_url = auth["token_url"]
    ssrf_connect.resolve(token_url, timeout=timeout)
    form = {**form, "client_id": auth.get("client_id", "")}
    client_secret = (crypto.decrypt(provider.secrets) or {}).get("client_secret") \
        if provider.secrets else None
    if client_secret:
        form["client_secret"] = client_secret
    try:
        with ssrf_connect.pin_httpx(httpx.Client(timeout=timeout, follow_redirects=False)) as http:
            resp = http.post(token_url, data=form, headers={"Accept": "application/json"})
    except httpx.HTTPError as exc:
        raise Unavailable(f"the provider's token endpoint did not answer ({type(exc).__name__})",
                          code="oauth_provider_unavailable") from None
    if resp.status_code != 200:
        raise Invalid(f"the provider's token endpoint refused the request (HTTP {resp.status_code})",
                      code="oauth_exchange_failed")
    try:
        data = resp.json()
    except ValueError:
        data = dict(parse_qsl(resp.text))
    if not isinstance(data, dict) or not data.get("access_token"):
        raise Invalid("the provider's token response holds no access token",
                      code="oauth_exchange_failed")
    return data


def _entry(tokens: dict, previous: dict) -> dict:
    entry = {"access_token": str(tokens["access_token"])}
    refresh = tokens.get("refresh_token") or previous.get("refresh_token")
    if refresh:
        entry["refresh_token"] = str(refresh)
    expires_in = tokens.get("expires_in")
    if expires_in not in (None, ""):
        entry["expires_at"] = str(int(time.time()) + int(expires_in))
    if previous.get("base_url"):
        entry["base_url"] = previous["base_url"]
    return entry


def fresh_credentials(*, org_id: str, user_id: str, provider_id: str,
                      timeout: float = 10.0) -> dict | None:
    """The user's tools_auth entry for a provider (as ``vault.credentials_for``), with OAuth
    tokens refreshed first when they expire within a minute. A failed refresh is logged
    (without tokens) and the stored entry is returned as it is."""
    entry = vault.credentials_for(org_id=org_id, user_id=user_id, provider_id=provider_id)
    if not entry or not entry.get("refresh_token") or not entry.get("expires_at"):
        return entry
    if int(entry["expires_at"]) - REFRESH_MARGIN_S > time.time():
        return entry
    try:
        provider = _provider(org_id, provider_id)
        tokens = _token_request(provider, {"grant_type": "refresh_token",
                                           "refresh_token": entry["refresh_token"]},
                                timeout=timeout)
    except (*ssrf.ERRORS, NotFound, Unavailable) as exc:
        log.warning("oauth token refresh failed",
                    extra={"fields": {"provider_id": provider_id, "code": exc.code}})
        return entry
    fresh = _entry(tokens, entry)
    user = users.find(org_id=org_id, user_id=user_id)
    vault.put(org_id=org_id, app_user_pk=user.id, provider_id=provider_id, entry=fresh)
    return fresh

"""OAuth tools: connect an end user to a provider with `auth.type: oauth2`.

1. ``authorization_url`` gives the provider's authorization URL with a signed, expiring
   ``state`` (itsdangerous) naming the org, provider, user and a nonce, and a PKCE challenge
   (S256, RFC 7636). The nonce and the code verifier (encrypted) are recorded in
   ``oauth_state``.
2. The provider redirects the browser to ``{public_url}/{provider_id}/callback``; ``complete``
   verifies the state and consumes its record (a state is good once: a second callback with
   it is 403 ``oauth_state_used``), exchanges the code with the verifier at the provider's
   token URL (SSRF policy, timeout; the client authenticates with ``client_secret_post`` or
   ``client_secret_basic``, the provider's ``auth.token_endpoint_auth_method``) and stores the
   tokens in the user's tools_auth entry (encrypted, store.vault). A token response the
   service cannot use (no access token, an ``expires_in`` that is not a number) is 502
   ``oauth_provider_bad_response``.
3. ``fresh_credentials`` returns a user's entry for a tool call, refreshing OAuth tokens that
   expire within a minute.

The provider's client secret is the `client_secret` of its encrypted `secrets`. Tokens never
appear in a log record, an error message or a response.
"""
from __future__ import annotations

import base64
import datetime as dt
import hashlib
import logging
import re
import secrets
import time
from urllib.parse import parse_qsl, quote_plus, urlencode

import httpx
from itsdangerous import BadSignature, SignatureExpired, URLSafeTimedSerializer

from rules import ssrf
from runtime import ssrf_connect
from store import scope, users, vault
from core import crypto
from core.db import utcnow
from store.errors import BadGateway, Conflict, Forbidden, Invalid, NotFound, Unavailable
from store.models import OAuthState, ToolProvider

log = logging.getLogger("agent_platform.oauth")

STATE_SALT = "agent-platform.oauth-state"
REFRESH_MARGIN_S = 60
AUTH_METHODS = ("client_secret_post", "client_secret_basic")


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


def pkce_pair() -> tuple[str, str]:
    """(code_verifier, S256 code_challenge) of RFC 7636."""
    verifier = secrets.token_urlsafe(48)  # 64 characters of [A-Za-z0-9_-]
    digest = hashlib.sha256(verifier.encode("ascii")).digest()
    return verifier, base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")


def authorization_url(*, org_id: str, provider_id: str, user_id: str, settings) -> dict:
    provider = _provider(org_id, provider_id)
    auth = provider.auth
    nonce = secrets.token_urlsafe(24)
    verifier, challenge = pkce_pair()
    now = utcnow()
    OAuthState.delete().where(OAuthState.expires_at < now).execute()
    OAuthState.create(id=nonce, org=org_id, provider_id=provider.id, user_id=user_id,
                      code_verifier=crypto.encrypt({"v": verifier}), created_at=now,
                      expires_at=now + dt.timedelta(seconds=max(1, settings.oauth_state_ttl)))
    state = _serializer(settings.secret_key).dumps(
        {"o": org_id, "p": provider.id, "u": user_id, "n": nonce})
    scopes = auth.get("scopes") or []
    params = {
        "response_type": "code",
        "client_id": auth.get("client_id", ""),
        "redirect_uri": redirect_uri(settings.public_url, provider.id),
        "state": state,
        "code_challenge": challenge,
        "code_challenge_method": "S256",
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


def _consume(data: dict) -> str:
    """Take the state's record (once): its PKCE code verifier. A second use is refused."""
    row = OAuthState.get_or_none(OAuthState.id == str(data.get("n", "")))
    taken = OAuthState.delete().where(OAuthState.id == str(data.get("n", ""))).execute()
    if row is None or not taken:
        raise Forbidden("the OAuth state was already used; start the connection again",
                        code="oauth_state_used")
    if (row.org_id, row.provider_id, row.user_id) != (data.get("o"), data.get("p"), data.get("u")):
        raise Forbidden("the OAuth state is not valid", code="invalid_oauth_state")
    return (crypto.decrypt(row.code_verifier) or {}).get("v", "")


def complete(*, integration: str, state: str, code: str | None, error: str | None,
             settings) -> dict:
    """The callback: verify and consume the state, exchange the code (with the PKCE
    verifier), store the tokens for the user."""
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
    verifier = _consume(data)
    org_id, user_id = data["o"], data["u"]
    provider = _provider(org_id, data["p"])
    tokens = _token_request(provider, {
        "grant_type": "authorization_code",
        "code": code,
        "redirect_uri": redirect_uri(settings.public_url, provider.id),
        "code_verifier": verifier,
    }, timeout=settings.oauth_timeout)
    user = users.ensure(org_id=org_id, user_id=user_id)
    previous = vault.credentials_for(org_id=org_id, user_id=user_id, provider_id=provider.id)
    vault.put(org_id=org_id, app_user_pk=user.id, provider_id=provider.id,
              entry=_entry(tokens, previous or {}))
    log.info("oauth connection stored", extra={"fields": {"provider_id": provider.id}})
    return {"status": "connected", "provider_id": provider.id, "user_id": user_id}


def _client_auth(provider: ToolProvider, form: dict) -> tuple[dict, dict]:
    """(form, headers) with the client's authentication: its id and secret in the form
    (client_secret_post) or in an Authorization: Basic header (client_secret_basic, each part
    form-urlencoded first, RFC 6749 section 2.3.1)."""
    auth = provider.auth
    client_id = auth.get("client_id", "")
    client_secret = (crypto.decrypt(provider.secrets) or {}).get("client_secret") \
        if provider.secrets else None
    if auth.get("token_endpoint_auth_method") == "client_secret_basic":
        pair = f"{quote_plus(client_id)}:{quote_plus(client_secret or '')}".encode()
        return form, {"Authorization": "Basic " + base64.b64encode(pair).decode("ascii")}
    form = {**form, "client_id": client_id}
    if client_secret:
        form["client_secret"] = client_secret
    return form, {}


def _bad_response(what: str) -> BadGateway:
    return BadGateway(f"the provider's token endpoint answered badly: {what}",
                      code="oauth_provider_bad_response")


_TOKEN = re.compile(r"[\x20-\x7e]*")  # RFC 6749 appendix A: a token is VSCHARs (and spaces)


def _tokens(resp: httpx.Response) -> dict:
    """The usable part of a token response; anything else is a 502."""
    try:
        data = resp.json()
    except ValueError:
        data = dict(parse_qsl(resp.text))
    if not isinstance(data, dict):
        raise _bad_response("the body is not a JSON object")
    access = data.get("access_token")
    if not isinstance(access, str) or not access:
        raise _bad_response("it holds no access token")
    if not _TOKEN.fullmatch(access):
        raise _bad_response("its access_token holds characters a token cannot hold")
    tokens = {"access_token": access}
    refresh = data.get("refresh_token")
    if refresh is not None:
        if not isinstance(refresh, str):
            raise _bad_response("its refresh_token is not a string")
        if not _TOKEN.fullmatch(refresh):
            raise _bad_response("its refresh_token holds characters a token cannot hold")
        tokens["refresh_token"] = refresh
    expires_in = data.get("expires_in")
    if expires_in not in (None, ""):
        text = str(expires_in).strip()
        if isinstance(expires_in, bool) or not text.isdigit() or len(text) > 10:
            raise _bad_response("its expires_in is not a number of seconds")
        tokens["expires_in"] = int(text)
    return tokens


def _token_request(provider: ToolProvider, form: dict, *, timeout: float) -> dict:
    """POST to the provider's token URL; the checked token response."""
    token_url = provider.auth["token_url"]
    ssrf_connect.resolve(token_url, timeout=timeout)
    form, headers = _client_auth(provider, form)
    try:
        with ssrf_connect.pin_httpx(httpx.Client(timeout=timeout, follow_redirects=False)) as http:
            resp = http.post(token_url, data=form, headers={"Accept": "application/json", **headers})
    except httpx.HTTPError as exc:
        raise Unavailable(f"the provider's token endpoint did not answer ({type(exc).__name__})",
                          code="oauth_provider_unavailable") from None
    if resp.status_code != 200:
        raise Invalid(f"the provider's token endpoint refused the request (HTTP {resp.status_code})",
                      code="oauth_exchange_failed")
    return _tokens(resp)


def _entry(tokens: dict, previous: dict) -> dict:
    entry = {"access_token": tokens["access_token"]}
    refresh = tokens.get("refresh_token") or previous.get("refresh_token")
    if refresh:
        entry["refresh_token"] = str(refresh)
    if tokens.get("expires_in") is not None:
        entry["expires_at"] = str(int(time.time()) + tokens["expires_in"])
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
    except (*ssrf.ERRORS, NotFound, Unavailable, BadGateway) as exc:
        log.warning("oauth token refresh failed",
                    extra={"fields": {"provider_id": provider_id, "code": exc.code}})
        return entry
    fresh = _entry(tokens, entry)
    user = users.find(org_id=org_id, user_id=user_id)
    vault.put(org_id=org_id, app_user_pk=user.id, provider_id=provider_id, entry=fresh)
    return fresh

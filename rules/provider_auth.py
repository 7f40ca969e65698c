"""Provider auth types: the configuration each takes and the credential fields it expects.

A provider's `auth` is `{type, ...config}`. Config is not secret (where a key goes, OAuth
URLs, client id, scopes); credentials are (tokens, passwords, client secrets) and are stored
encrypted, either on the provider (org-wide) or per user in tools_auth (the user's entry wins).
"""
from __future__ import annotations

import base64

from rules.errors import Invalid

# type -> (config fields, credential fields expected from the provider or the user)
AUTH_TYPES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "none": ((), ()),
    "bearer": ((), ("token",)),
    "api_key": (("in", "name"), ("api_key",)),
    "basic": ((), ("username", "password")),
    "oauth2": (("authorize_url", "token_url", "client_id", "scopes", "token_endpoint_auth_method"),
               ("access_token", "refresh_token")),
}


def expected_fields(auth: dict | None) -> list[str]:
    """The credential fields a provider with this auth config expects."""
    kind = (auth or {}).get("type", "none")
    return list(AUTH_TYPES.get(kind, ((), ()))[1])


def inject(auth: dict | None, credentials: dict | None) -> tuple[dict, dict]:
    """Headers and query parameters that carry the credentials for a call.

    Returns ({header: value}, {param: value}); both empty for `none` or missing credentials.
    """
    auth = auth or {}
    creds = credentials or {}
    kind = auth.get("type", "none")
    if kind == "bearer" and creds.get("token"):
        return {"Authorization": f"Bearer {creds['token']}"}, {}
    if kind == "oauth2" and creds.get("access_token"):
        return {"Authorization": f"Bearer {creds['access_token']}"}, {}
    if kind == "basic" and creds.get("username") is not None and creds.get("password") is not None:
        raw = f"{creds['username']}:{creds['password']}".encode()
        return {"Authorization": "Basic " + base64.b64encode(raw).decode()}, {}
    if kind == "api_key" and creds.get("api_key"):
        name = auth.get("name") or "X-API-Key"
        if auth.get("in", "header") == "query":
            return {}, {name: creds["api_key"]}
        return {name: creds["api_key"]}, {}
    return {}, {}


def check_credentials(auth: dict | None, credentials: dict) -> dict:
    """Keep only the fields this auth type expects (plus base_url); reject unknown ones."""
    allowed = set(expected_fields(auth)) | {"base_url"}
    unknown = sorted(set(credentials) - allowed)
    if unknown:
        raise Invalid(f"unexpected credential field(s) {', '.join(unknown)}; this provider "
                      f"expects {', '.join(sorted(allowed))}", code="invalid_credentials")
    return {k: v for k, v in credentials.items() if v is not None}

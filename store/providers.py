"""Tool providers: `api` (tools made by hand) or `mcp` (tools discovered from an MCP server).

Secrets (auth credentials, MCP headers, an oauth2 client secret, a stdio program's
environment variables and secret arguments) are stored encrypted in one JSON blob
(`{"credentials": {...}, "headers": {...}, "client_secret": ..., "env": {...}, "args":
{"<index>": ...}}`) and never returned: responses name the fields that are set, never their
values; a secret argument shows as ``[redacted]`` at its place in `mcp.args`.
"""
from __future__ import annotations

import re

from rules import ssrf
from rules.masking import MASK
from store import pages, scope
from core import crypto
from core.db import atomic, iso, new_id, utcnow
from store.errors import Conflict, Forbidden, Invalid
from store.models import McpState, ToolProvider
from rules.provider_auth import AUTH_TYPES, expected_fields

TRANSPORTS = ("streamable_http", "sse", "stdio")
CLIENT_SECRET = "client_secret"  # oauth2: the provider's own secret, never a user's credential
_KEEP = object()
_ENV_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


def _split_auth(auth: dict | None) -> tuple[dict, dict, object]:
    """(config, credentials, client secret) of an auth object; unknown fields for its type are
    a 400. The client secret (oauth2 only) is ``_KEEP`` when not given, None to clear it."""
    auth = dict(auth or {"type": "none"})
    kind = auth.pop("type", "none")
    if kind not in AUTH_TYPES:
        raise Invalid(f"unknown auth type {kind!r}", code="invalid_auth")
    client_secret = auth.pop(CLIENT_SECRET, _KEEP) if kind == "oauth2" else _KEEP
    config_fields, credential_fields = AUTH_TYPES[kind]
    unknown = sorted(set(auth) - set(config_fields) - set(credential_fields))
    if unknown:
        raise Invalid(f"auth type {kind!r} does not take {', '.join(unknown)}",
                      code="invalid_auth")
    config = {"type": kind, **{k: auth[k] for k in config_fields if auth.get(k) is not None}}
    if kind == "api_key":
        config.setdefault("in", "header")
        if config["in"] not in ("header", "query") or not config.get("name"):
            raise Invalid("api_key auth needs `name` and `in` (header or query)",
                          code="invalid_auth")
    method = config.get("token_endpoint_auth_method")
    if method is not None and method not in ("client_secret_post", "client_secret_basic"):
        raise Invalid("token_endpoint_auth_method is client_secret_post or client_secret_basic",
                      code="invalid_auth")
    for url_field in ("authorize_url", "token_url"):
        if config.get(url_field):
            ssrf.check_url(config[url_field])
    credentials = {k: auth[k] for k in credential_fields if k in auth}
    return config, credentials, client_secret


def _check_mcp(mcp: dict | None, stdio_enabled: bool, auth: dict | None,
               secrets: dict | None = None) -> tuple[dict, dict]:
    """(stored mcp config, secrets) of an mcp object; ``secrets`` (the stored ones, for an
    update) are kept where the object does not replace them: `headers` given replace the
    headers, `env` given sets the variables it names (null removes one), `args` given replace
    the arguments (secret ones with them)."""
    if not mcp:
        raise Invalid("an mcp provider needs `mcp` with url and transport", code="invalid_mcp")
    secrets = dict(secrets or {"headers": {}, "env": {}, "args": {}})
    if mcp.get("headers") is not None:
        secrets["headers"] = {k: v for k, v in mcp["headers"].items() if v is not None}
    transport = mcp.get("transport", "streamable_http")
    if transport != "stdio":
        if not mcp.get("url"):
            raise Invalid("an MCP server needs `url`", code="invalid_mcp")
        secrets["env"], secrets["args"] = {}, {}
        return {"transport": transport, "url": ssrf.check_url(mcp["url"])}, secrets
    if not stdio_enabled:
        raise Forbidden("stdio MCP servers run code on the host and are disabled by the "
                        "operator (AGENT_PLATFORM_MCP_STDIO)", code="mcp_stdio_disabled")
    if not mcp.get("command"):
        raise Invalid("a stdio MCP server needs `command`", code="invalid_mcp")
    config = {"transport": transport, "command": mcp["command"]}
    args, hidden = [], {}
    for index, item in enumerate(mcp.get("args") or []):
        if isinstance(item, dict) and item.get("secret"):
            args.append(None)
            hidden[str(index)] = item["value"]
        else:
            args.append(item["value"] if isinstance(item, dict) else item)
    if "args_kept" in mcp:  # an update without `args`: the stored ones stay
        args, hidden = mcp["args_kept"], secrets.get("args") or {}
    config["args"] = args
    if hidden:
        config["secret_args"] = sorted(int(i) for i in hidden)
    secrets["args"] = hidden
    env = {**(secrets.get("env") or {}), **(mcp.get("env") or {})}
    secrets["env"] = {k: v for k, v in env.items() if v is not None}
    bad = sorted(n for n in [*secrets["env"], *(mcp.get("credential_env") or {})]
                 if not _ENV_NAME.match(n))
    if bad:
        raise Invalid(f"{bad[0]!r} is not an environment variable name", code="invalid_mcp")
    fields = expected_fields(auth)
    unknown = sorted(f for f in (mcp.get("credential_env") or {}).values() if f not in fields)
    if unknown:
        raise Invalid(f"credential_env names {unknown[0]!r}, not a credential field of the "
                      f"provider's auth ({', '.join(fields) or 'none'})", code="invalid_mcp")
    if mcp.get("credential_env"):
        config["credential_env"] = dict(mcp["credential_env"])
    return config, secrets


def secrets_of(row: ToolProvider) -> dict:
    """The decrypted secrets of a provider: {"credentials": {...}, "headers": {...},
    "client_secret": str | None}."""
    if not row.secrets:
        return {"credentials": {}, "headers": {}, CLIENT_SECRET: None, "env": {}, "args": {}}
    value = crypto.decrypt(row.secrets)
    return {"credentials": value.get("credentials") or {}, "headers": value.get("headers") or {},
            CLIENT_SECRET: value.get(CLIENT_SECRET) or None, "env": value.get("env") or {},
            "args": value.get("args") or {}}


def _seal(secrets: dict) -> str | None:
    clean = {k: v for k, v in secrets.items() if v}
    return crypto.encrypt(clean) if clean else None


def create(*, org_id: str, fields: dict, stdio_enabled: bool = False) -> ToolProvider:
    kind = fields["type"]
    config, credentials, client_secret = _split_auth(fields.get("auth"))
    mcp, mcp_secrets = None, {}
    base_url = fields.get("base_url")
    if kind == "mcp":
        mcp, mcp_secrets = _check_mcp(fields.get("mcp"), stdio_enabled, config)
    elif fields.get("mcp"):
        raise Conflict("`mcp` is only for providers of type mcp", code="provider_type_mismatch")
    if base_url:
        ssrf.check_url(base_url)
    now = utcnow()
    with atomic():
        if scope.scoped(ToolProvider, org_id).where(ToolProvider.name == fields["name"]).exists():
            raise Conflict(f"a tool provider named {fields['name']!r} exists",
                           code="tool_provider_name_conflict")
        return ToolProvider.create(
            id=new_id(), org=org_id, name=fields["name"], type=kind,
            description=fields.get("description"), base_url=base_url, auth=config, mcp=mcp,
            secrets=_seal({**mcp_secrets, "credentials": credentials,
                           CLIENT_SECRET: None if client_secret is _KEEP else client_secret}),
            send_credentials_to_user_base_url=bool(
                fields.get("send_credentials_to_user_base_url", False)),
            created_at=now, updated_at=now,
        )


def get(*, org_id: str, provider_id: str) -> ToolProvider:
    return scope.get(ToolProvider, org_id, ToolProvider.id == provider_id, what="tool provider")


def list(*, org_id: str, type: str | None = None, limit: int = 50,
         cursor: str | None = None) -> tuple[list[ToolProvider], str | None]:
    """Providers, oldest first; (rows, next_cursor)."""
    query = scope.scoped(ToolProvider, org_id)
    if type:
        query = query.where(ToolProvider.type == type)
    return pages.page(query, (ToolProvider.created_at, ToolProvider.id), limit=limit,
                      cursor=cursor)


def ids_of_type(*, org_id: str, type: str) -> list[str]:
    """The ids of every provider of one type, oldest first."""
    return [r.id for r in scope.scoped(ToolProvider, org_id, ToolProvider.id)
            .where(ToolProvider.type == type).order_by(ToolProvider.created_at, ToolProvider.id)]


def update(*, org_id: str, provider_id: str, fields: dict,
           stdio_enabled: bool = False) -> tuple[ToolProvider, bool]:
    """Apply a partial update. Returns (row, whether the MCP connection settings changed).

    `auth`, when given, replaces the config; credential fields it names are set (null clears
    one); credential fields it omits keep their stored value while the auth type is unchanged
    (an oauth2 `client_secret` alike). `mcp.headers`, when given, replaces the stored
    headers; `mcp.env` sets the variables it names (null removes one); `mcp.args` replaces
    the arguments; `mcp.credential_env` replaces the mapping."""
    row = get(org_id=org_id, provider_id=provider_id)
    secrets = secrets_of(row)
    values: dict = {}
    mcp_changed = False
    for key in ("name", "description", "send_credentials_to_user_base_url"):
        if key in fields:
            values[key] = fields[key]
    if "base_url" in fields:
        values["base_url"] = ssrf.check_url(fields["base_url"]) if fields["base_url"] else None
    if "auth" in fields:
        config, credentials, client_secret = _split_auth(fields["auth"])
        same_type = config["type"] == row.auth.get("type")
        kept = secrets["credentials"] if same_type else {}
        merged = {**kept, **credentials}
        secrets["credentials"] = {k: v for k, v in merged.items() if v is not None}
        if client_secret is not _KEEP:
            secrets[CLIENT_SECRET] = client_secret
        elif not same_type:
            secrets[CLIENT_SECRET] = None
        values["auth"] = config
    if "mcp" in fields:
        if row.type != "mcp":
            raise Conflict("`mcp` is only for providers of type mcp", code="provider_type_mismatch")
        given = fields["mcp"]
        merged = {**(row.mcp or {}), **given}
        if "args" not in given:
            merged["args_kept"] = (row.mcp or {}).get("args") or []
        auth = values.get("auth", row.auth)
        mcp, mcp_secrets = _check_mcp(merged, stdio_enabled, auth, secrets)
        secrets.update(mcp_secrets)
        mcp_changed = (mcp != row.mcp or given.get("headers") is not None
                       or bool(given.get("env")) or "args" in given)
        values["mcp"] = mcp
    values["secrets"] = _seal(secrets)
    values["updated_at"] = utcnow()
    if "name" in values and values["name"] != row.name and scope.scoped(ToolProvider, org_id).where(
            ToolProvider.name == values["name"]).exists():
        raise Conflict(f"a tool provider named {values['name']!r} exists",
                       code="tool_provider_name_conflict")
    with atomic():
        scope.update(ToolProvider, org_id, values, ToolProvider.id == provider_id)
    return get(org_id=org_id, provider_id=provider_id), mcp_changed


def delete(*, org_id: str, provider_id: str) -> ToolProvider:
    row = get(org_id=org_id, provider_id=provider_id)
    scope.delete(ToolProvider, org_id, ToolProvider.id == provider_id)
    return row


def mcp_state(provider_id: str) -> McpState | None:
    return McpState.get_or_none(McpState.provider == provider_id)


def to_dicts(rows: list[ToolProvider]) -> list[dict]:
    """Several providers with their discovery states (one query for all states)."""
    ids = [r.id for r in rows if r.type == "mcp"]
    states = {s.provider_id: s for s in McpState.select().where(McpState.provider.in_(ids))} \
        if ids else {}
    return [to_dict(r, states.get(r.id), looked_up=True) for r in rows]


def to_dict(row: ToolProvider, state: McpState | None = None, looked_up: bool = False) -> dict:
    secrets = secrets_of(row)
    stored = [*secrets["credentials"], *([CLIENT_SECRET] if secrets[CLIENT_SECRET] else [])]
    auth = {**row.auth, "credentials_set": sorted(stored)}
    mcp = None
    if row.mcp is not None:
        mcp = {**row.mcp, "headers_set": sorted(secrets["headers"])}
        if row.mcp.get("transport") == "stdio":
            hidden = set(row.mcp.get("secret_args") or ())
            mcp["args"] = [MASK if i in hidden else a for i, a in enumerate(mcp.get("args") or [])]
            mcp.update(secret_args=sorted(hidden), env_set=sorted(secrets["env"]),
                       credential_env=row.mcp.get("credential_env") or {})
    status = None
    if row.type == "mcp":
        state = state if state is not None or looked_up else mcp_state(row.id)
        status = {"status": state.status if state else "pending",
                  "error": state.error if state else None,
                  "checked_at": iso(state.checked_at) if state else None}
    return {
        "id": row.id, "name": row.name, "type": row.type, "description": row.description,
        "base_url": row.base_url, "auth": auth, "mcp": mcp, "discovery": status,
        "send_credentials_to_user_base_url": bool(row.send_credentials_to_user_base_url),
        "created_at": iso(row.created_at), "updated_at": iso(row.updated_at),
    }

"""Calling a tool: HTTP tools with httpx's async client, MCP tools through the persistent MCP
client; either way the call is awaited on the turn loop (core/concurrency.py), so a turn waiting
for a tool holds no thread.

``execute`` validates the input against the tool's input_schema, injects the provider's (or
the end user's) credentials server-side, enforces the timeout and SSRF policy at call time,
and checks the output against output_schema: a call the remote side performed is never
reported failed because the output disagrees with our copy of its schema; it succeeds with an
``output_warning`` (code ``output_schema_mismatch``). Credentials never appear in the result:
error messages are written here (never an exception's text, which can carry a URL with a
key), and any credential value echoed by the tool is masked in the output.
"""
from __future__ import annotations

import json
import os
import time
from urllib.parse import quote, urlsplit

import httpx
from jsonschema import Draft202012Validator, ValidationError

from rules import masking, ssrf
from rules.outside_text import clean, clean_text
from rules.provider_auth import expected_fields, inject
from runtime import ssrf_connect
from runtime.tools import mcp_client
from runtime.tools import oauth
from core import concurrency
from core import metrics
from core import tracing
from store import providers as provider_store
from store import tools as tool_store
from store.errors import Conflict, Invalid

MAX_RESPONSE_BYTES = 5 * 1024 * 1024
_BODY_METHODS = {"POST", "PUT", "PATCH"}
_client: httpx.AsyncClient | None = None
_client_pid = 0


def _http() -> httpx.AsyncClient:
    """The process's client for HTTP tool calls, on the turn loop: it connects only to
    addresses the SSRF policy checked; no proxies or netrc from the environment."""
    global _client, _client_pid
    if _client is None or _client_pid != os.getpid():
        _client = ssrf_connect.pin_async_httpx(httpx.AsyncClient(
            trust_env=False, follow_redirects=False,
            limits=httpx.Limits(max_connections=None, max_keepalive_connections=100)))
        _client_pid = os.getpid()
    return _client


def _validate(schema, value, what: str) -> str | None:
    if not schema:
        return None
    try:
        Draft202012Validator(schema).validate(value)
    except ValidationError as exc:
        where = "/".join(str(p) for p in exc.absolute_path)
        return f"{what} does not match the schema{' at ' + where if where else ''}: {exc.message}"
    except Exception:  # an invalid schema stored on the tool
        return f"the tool's {what} schema is not a valid JSON Schema"
    return None


def _result(tool_id, status, started, *, http_status=None, output=None, error=None,
            output_warning=None) -> dict:
    return {"tool_id": tool_id, "status": status, "http_status": http_status, "output": output,
            "error": error, "output_warning": output_warning,
            "duration_ms": round((time.perf_counter() - started) * 1000)}


def _succeeded(tool, started, output, http_status=None) -> dict:
    """The call was performed: succeeded, with a warning when the output does not match the
    tool's output_schema (the schema is our copy of what the tool answers, and may be wrong)."""
    problem = _validate(tool.output_schema, output, "output")
    warning = {"code": "output_schema_mismatch", "message": problem[:500]} if problem else None
    return _result(tool.id, "succeeded", started, http_status=http_status, output=output,
                   output_warning=warning)


def _failed(tool_id, started, code, message, **kw) -> dict:
    return _result(tool_id, "failed", started, error={"code": code, "message": message}, **kw)


def _credentials(provider, user_credentials: dict | None) -> tuple[dict, str | None]:
    """(credentials, base_url): the end user's credentials win over the provider's. The
    provider's (organization's) credentials go only to the provider's own base_url: a user's
    base_url override gets the user's own credentials, or none, unless the provider allows
    it (``send_credentials_to_user_base_url``)."""
    stored = provider_store.secrets_of(provider)["credentials"]
    user = dict(user_credentials or {})
    override = user.pop("base_url", None)
    base_url = override or provider.base_url
    fields = set(expected_fields(provider.auth))
    mine = {k: v for k, v in user.items() if k in fields and v is not None}
    if mine:
        return mine, base_url
    if override and _origin(override) != _origin(provider.base_url) and \
            not provider.send_credentials_to_user_base_url:
        return {}, base_url
    return stored, base_url


def _origin(url: str | None) -> tuple:
    parts = urlsplit(url or "")
    return parts.scheme.lower(), (parts.hostname or "").lower(), parts.port, parts.path.rstrip("/")


def _split_input(tool, data: dict) -> tuple[str, dict, dict, object]:
    """(path, query, headers, body) of an HTTP call from the input."""
    props = (tool.input_schema or {}).get("properties") or {}
    path, query, headers, body = tool.path, {}, {}, None
    json_fields = {}
    for key, value in data.items():
        where = (props.get(key) or {}).get("x-in") if isinstance(props.get(key), dict) else None
        placeholder = "{" + key + "}"
        if where == "path" or (where is None and placeholder in path):
            path = path.replace(placeholder, quote(str(value), safe=""))
        elif where == "query" or (where is None and tool.method not in _BODY_METHODS):
            query[key] = value if not isinstance(value, (dict, list)) else json.dumps(value)
        elif where == "header":
            headers[key] = str(value)
        elif where == "body":
            body = value
        else:
            json_fields[key] = value
    if "{" in path and "}" in path:
        raise Invalid("the input lacks a value for a {param} of the tool's path",
                      code="tool_input_invalid")
    if body is None and (json_fields or tool.method in _BODY_METHODS):
        body = json_fields if tool.method in _BODY_METHODS else None
    return path, query, headers, body


class _TooLarge(Exception):
    """The answer passed MAX_RESPONSE_BYTES."""


async def _read(resp: httpx.Response) -> object:
    chunks, size = [], 0
    async for chunk in resp.aiter_bytes(65536):
        size += len(chunk)
        if size > MAX_RESPONSE_BYTES:
            raise _TooLarge()
        chunks.append(chunk)
    raw = b"".join(chunks)
    if "json" in resp.headers.get("content-type", ""):
        try:
            return clean(json.loads(raw))
        except ValueError:
            pass
    return clean_text(raw.decode(resp.charset_encoding or "utf-8", "replace"))


def _params(values: dict) -> dict | None:
    """Query parameters as text (None left out; True -> "True", as the HTTP tools always
    sent them)."""
    return {k: str(v) for k, v in values.items() if v is not None} or None


_UNREACHABLE = (httpx.ConnectError, httpx.RemoteProtocolError, httpx.ReadError,
                httpx.WriteError)


async def _call_http(tool, provider, data, user_credentials, started) -> dict:
    credentials, base_url = _credentials(provider, user_credentials)
    mask = masking.for_credentials(credentials)
    if not base_url:
        return _failed(tool.id, started, "base_url_missing",
                       "the provider has no base_url and none was given for the user")
    path, query, headers, body = _split_input(tool, data)
    url = base_url.rstrip("/") + "/" + path.lstrip("/")
    try:
        ssrf.check_url(url)  # the host's addresses are checked when the client connects
    except ssrf.ERRORS as exc:
        return _failed(tool.id, started, exc.code, exc.detail)
    auth_headers, auth_params = inject(provider.auth, credentials)
    timeout = (tool.timeout_ms or tool_store.DEFAULTS["timeout_ms"]) / 1000
    try:
        async with _http().stream(
                tool.method, url, params=_params({**query, **auth_params}),
                headers={**headers, **auth_headers, "Accept": "application/json"},
                json=body, timeout=timeout) as resp:
            output = await _read(resp)
    except ssrf.ERRORS as exc:  # an address of the host is refused (or none resolves)
        return _failed(tool.id, started, exc.code, exc.detail)
    except httpx.TimeoutException:
        return _failed(tool.id, started, "timeout", f"no answer within {tool.timeout_ms} ms")
    except _UNREACHABLE:
        return _failed(tool.id, started, "connection_failed",
                       "cannot connect to the tool's server")
    except _TooLarge:
        return _failed(tool.id, started, "response_too_large",
                       f"the answer is larger than {MAX_RESPONSE_BYTES} bytes")
    except (httpx.HTTPError, httpx.InvalidURL) as exc:
        return _failed(tool.id, started, "request_failed",
                       f"the request failed ({type(exc).__name__})")
    output = mask.value(output)
    if not 200 <= resp.status_code < 300:
        return _failed(tool.id, started, "http_error", f"the tool answered HTTP {resp.status_code}",
                       http_status=resp.status_code, output=output)
    return _succeeded(tool, started, output, resp.status_code)


async def _call_mcp(tool, provider, data, user_credentials, user_id, started) -> dict:
    """An MCP tool call, with the end user's own credentials when they have some (else the
    provider's). Calls that send the same to the server (headers; a stdio program's arguments
    and environment) share one connection: every user without credentials of their own shares
    the provider's (one process of a stdio server)."""
    secrets = provider_store.secrets_of(provider)
    mine = {k: v for k, v in (user_credentials or {}).items() if k != "base_url"}
    credentials, _ = _credentials(provider, mine)  # an MCP call goes to the provider's server
    headers = {**secrets["headers"], **inject(provider.auth, credentials)[0]}
    server = mcp_client.server_for(provider, {**secrets, "headers": headers}, credentials)
    mask = masking.for_credentials(credentials, headers, server.hidden())
    try:
        outcome = await mcp_client.acall_tool(
            server, tool.path, data, (tool.timeout_ms / 1000) if tool.timeout_ms else None)
    except mcp_client.McpError as exc:
        return _failed(tool.id, started, "mcp_error", mask.text(str(exc)))
    output = outcome["structured"] if outcome["structured"] is not None else outcome["content"]
    output = mask.value(output)
    if outcome["is_error"]:
        text = " ".join(c.get("text", "") for c in outcome["content"] if isinstance(c, dict))
        return _failed(tool.id, started, "tool_error", mask.text(text)[:500] or "the tool failed",
                       output=output)
    if outcome["structured"] is None:
        return _result(tool.id, "succeeded", started, output=output)
    return _succeeded(tool, started, output)


def _prepare(org_id: str, tool_id: str, input: dict, user_credentials: dict | None,
             user_id: str | None) -> tuple:
    """(tool, provider, the end user's credentials): the database half of a call, with the
    input checked against the tool's input_schema."""
    tool, provider = tool_store.get_with_provider(org_id=org_id, tool_id=tool_id)
    if user_credentials is None and user_id is not None:
        user_credentials = oauth.fresh_credentials(org_id=org_id, user_id=user_id,
                                                   provider_id=provider.id)
    if not tool.is_enabled:
        raise Conflict("the tool is disabled", code="tool_disabled")
    problem = _validate(tool.input_schema, input, "input")
    if problem:
        raise Invalid(problem, code="tool_input_invalid")
    return tool, provider, user_credentials


def execute(*, org_id: str, tool_id: str, input: dict, user_credentials: dict | None = None,
            user_id: str | None = None) -> dict:
    """Call a tool of org_id with input. `user_credentials` (the end user's decrypted
    credentials for the tool's provider, optionally with a `base_url` override) win over the
    provider's; given `user_id` instead, they are read from that user's vault entry (OAuth
    tokens refreshed when due). Returns {tool_id, status, http_status, output, error,
    output_warning, duration_ms}. The call itself is awaited on the turn loop while this
    thread waits."""
    tool, provider, user_credentials = _prepare(org_id, tool_id, input, user_credentials,
                                                user_id)
    return concurrency.call(_run(tool, provider, input, user_credentials, user_id))


async def aexecute(*, org_id: str, tool_id: str, input: dict,
                   user_id: str | None = None) -> dict:
    """``execute`` for a turn on the turn loop: the database half in a hop, the call awaited
    (no thread waits for the tool's answer)."""
    tool, provider, user_credentials = await concurrency.hop(_prepare, org_id, tool_id, input,
                                                             None, user_id)
    return await _run(tool, provider, input, user_credentials, user_id)


async def _run(tool, provider, input, user_credentials, user_id) -> dict:
    started = time.perf_counter()
    with tracing.span(f"execute_tool {tool.name}", {
            "gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": tool.name,
            "agent_platform.tool.id": tool.id, "agent_platform.tool.provider_type": provider.type,
    }) as span:
        result = await _call(tool, provider, input, user_credentials, user_id, started)
        tracing.set_attributes(span, {"agent_platform.tool.status": result["status"]})
        if result["status"] != "succeeded":
            tracing.fail(span, (result.get("error") or {}).get("code"))
    metrics.tool_call(provider.type, result["status"], time.perf_counter() - started)
    return result


async def _call(tool, provider, input, user_credentials, user_id, started) -> dict:
    if provider.type == "mcp":
        return await _call_mcp(tool, provider, input, user_credentials, user_id, started)
    if user_credentials and user_credentials.get("base_url"):
        try:
            ssrf.check_url(user_credentials["base_url"])
        except ssrf.ERRORS as exc:
            return _failed(tool.id, started, exc.code, exc.detail)
    return await _call_http(tool, provider, input, user_credentials, started)

"""Authentication and authorization: one check, driven by each operation's security in openapi.yaml.

Connexion's security step only makes sure a bearer token is present (``bearer_present``).
``Guard`` then wraps every handler: inside the request's database connection it identifies
the caller (API key, session token or admin token), checks that the operation lists the
caller's credential class (a valid credential outside its reach gets 403), resolves the
organization (``X-Organization-Id``), and passes the ``Caller`` to handlers that ask for it.
"""
from __future__ import annotations

import asyncio
import concurrent.futures
import contextvars
import dataclasses
import functools
import hmac
import inspect

import connexion
from connexion.resolver import Resolution, Resolver

from server.settings import Settings
from store import db, keys, orgs
from store.errors import Forbidden, Invalid, Unauthorized

API_KEY, SESSION_TOKEN, ADMIN = "apiKey", "sessionToken", "admin"
LOG_SCOPE_KEY = "agent_platform.log"

current_caller: contextvars.ContextVar["Caller | None"] = contextvars.ContextVar(
    "current_caller", default=None
)


@dataclasses.dataclass(frozen=True)
class Caller:
    kind: str
    org_id: str | None
    key_id: str | None = None
    user_id: str | None = None

    @property
    def is_admin(self) -> bool:
        return self.kind == ADMIN


def bearer_present(token: str) -> dict:
    """x-bearerInfoFunc of all three schemes: a bearer token is present; Guard judges it."""
    return {"sub": None}


# Connexion inspects security functions and handlers on every request; a precomputed
# signature makes that a lookup.
bearer_present.__signature__ = inspect.signature(bearer_present)


def _bearer_token() -> str:
    header = connexion.request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not token:
        raise Unauthorized("a bearer token is required", code="unauthorized")
    return token


def _identify(settings: Settings, token: str) -> Caller:
    if token.startswith(keys.PREFIX):
        row = keys.authenticate(key=token, secret=settings.secret_key)
        if row is None:
            raise Unauthorized("the API key is unknown or revoked", code="invalid_token")
        if row.needs_touch:
            _pool().submit(_touch_key, row.id)
        return Caller(kind=API_KEY, org_id=row.org_id, key_id=row.id)
    if settings.admin_token and hmac.compare_digest(token.encode(), settings.admin_token.encode()):
        return Caller(kind=ADMIN, org_id=None)
    raise Unauthorized("the bearer token is not valid", code="invalid_token")


def _resolve_org(caller: Caller, needs_org: bool) -> Caller:
    named = connexion.request.headers.get("x-organization-id")
    if caller.kind == ADMIN:
        if not needs_org:
            return caller
        if not named:
            raise Invalid("the admin token must name an organization with X-Organization-Id",
                          code="organization_required")
        if not orgs.exists(named):
            raise Forbidden("the organization named by X-Organization-Id does not exist",
                            code="organization_forbidden")
        return dataclasses.replace(caller, org_id=named)
    if named and named != caller.org_id:
        raise Forbidden("the credential is not valid for the organization named by "
                        "X-Organization-Id", code="organization_forbidden")
    return caller


def authorize(settings: Settings, allowed: frozenset[str], needs_org: bool) -> Caller:
    caller = _identify(settings, _bearer_token())
    if caller.kind not in allowed:
        raise Forbidden(f"this operation is not available to a {caller.kind} credential",
                        code="credential_not_allowed")
    caller = _resolve_org(caller, needs_org)
    log_info = connexion.request.scope.get(LOG_SCOPE_KEY)
    if log_info is not None:
        log_info["org_id"] = caller.org_id
    return caller


_executor: concurrent.futures.ThreadPoolExecutor | None = None


def _pool() -> concurrent.futures.ThreadPoolExecutor:
    global _executor
    if _executor is None:
        _executor = concurrent.futures.ThreadPoolExecutor(max_workers=40,
                                                          thread_name_prefix="handler")
    return _executor


def _touch_key(key_id: str) -> None:
    with db.connection():
        keys.touch(key_id=key_id)


def guard(function, settings: Settings, allowed: frozenset[str], fast_path: bool = False):
    """Wrap a handler: a pooled DB connection for the call, the caller checked and injected.

    Sync handlers run on a thread pool (one hop per request through the event loop's
    executor), so blocking I/O never stalls the loop. Operations marked ``x-fast-path`` in
    openapi.yaml answer from the database alone with indexed reads; on SQLite (local, WAL:
    readers never wait for a lock) they run on the event loop itself, which saves the hop.
    """
    signature = inspect.signature(function)
    wants_caller, wants_settings = "caller" in signature.parameters, "settings" in signature.parameters
    needs_org = bool(allowed - {ADMIN})

    def call(kwargs):
        with db.connection():
            if allowed:
                caller = authorize(settings, allowed, needs_org)
                current_caller.set(caller)
                if wants_caller:
                    kwargs["caller"] = caller
            return function(**kwargs)

    if asyncio.iscoroutinefunction(function):
        async def wrapper(**kwargs):
            if wants_settings:
                kwargs["settings"] = settings
            if allowed:
                def check():
                    with db.connection():
                        return authorize(settings, allowed, needs_org)
                caller = await _in_thread(check)
                current_caller.set(caller)
                if wants_caller:
                    kwargs["caller"] = caller
            return await function(**kwargs)
    elif fast_path and settings.is_sqlite:
        async def wrapper(**kwargs):
            if wants_settings:
                kwargs["settings"] = settings
            return call(kwargs)
    else:
        async def wrapper(**kwargs):
            if wants_settings:
                kwargs["settings"] = settings
            return await _in_thread(call, kwargs)

    functools.update_wrapper(wrapper, function)
    wrapper.__signature__ = function.__signature__ = signature
    return wrapper


def _in_thread(fn, *args):
    context = contextvars.copy_context()
    return asyncio.get_running_loop().run_in_executor(_pool(), context.run, fn, *args)


class GuardedResolver(Resolver):
    """Resolves operationIds to handler functions (``handlers.<module>.<operationId>``) and
    guards each one with the credential classes its operation lists."""

    def __init__(self, settings: Settings, operation_modules: dict[str, str]):
        super().__init__()
        self.settings = settings
        self.operation_modules = operation_modules

    def resolve_operation_id(self, operation):
        operation_id = operation.operation_id
        module = self.operation_modules.get(operation_id)
        return f"handlers.{module}.{operation_id}" if module else operation_id

    def resolve(self, operation):
        operation_id = self.resolve_operation_id(operation)
        function = self.resolve_function_from_operation_id(operation_id)
        allowed = frozenset(name for req in (operation.security or []) for name in req)
        fast_path = bool(operation._operation.get("x-fast-path"))
        return Resolution(guard(function, self.settings, allowed, fast_path), operation_id)

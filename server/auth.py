"""Authentication and authorization: one check, driven by each operation's security in openapi.yaml.

The reach of each credential class (API key, session token, admin token) is encoded only in
the operations' `security` lists. Connexion's security step (``ReachCheck``, before request
validation) refuses a token whose class the operation does not list with 403, so a session
token outside its reach gets 403 whatever the body; a token that is not valid at all gets 401.
``guard`` then wraps every handler: inside the request's database connection ``authorize``
identifies the caller (one indexed query for an API key or a session token), checks the class
again, resolves the organization (``X-Organization-Id``) and the end user (the session's, or
``X-User-Id`` with an API key), and passes the ``Caller`` to handlers that ask for it.
"""
from __future__ import annotations

import asyncio
import concurrent.futures
import contextvars
import dataclasses
import functools
import hmac
import inspect
import re

from connexion.context import scope as request_scope
from connexion.resolver import Resolution, Resolver
from connexion.security import NO_VALUE, BearerSecurityHandler

from server import run_quota
from store import keys, limits, orgs, sessions
from core import concurrency
from core import db
from store.errors import Forbidden, Invalid, Unauthorized
from core.settings import Settings

API_KEY, SESSION_TOKEN, ADMIN = "apiKey", "sessionToken", "admin"
LOG_SCOPE_KEY = "agent_platform.log"
RATE_KEY = "ratelimit"  # in the LOG_SCOPE_KEY dict: (limit, remaining, reset seconds)

current_caller: contextvars.ContextVar["Caller | None"] = contextvars.ContextVar(
    "current_caller", default=None
)


_USER_ID = re.compile(r"^[^/\s\x00-\x1f\x7f-\x9f\ufeff]{1,200}$")


@dataclasses.dataclass(frozen=True)
class Caller:
    """Who is calling. ``user_id`` is the end user (the customer's id): the session's user for
    a session token, the ``X-User-Id`` header with an API key, else None. ``group_id`` is the
    group a session bills to (None for API keys: bill the user's current group).
    ``key_id`` is the API key used, or the one that minted the session."""

    kind: str
    org_id: str | None
    key_id: str | None = None
    user_id: str | None = None
    session_id: str | None = None
    group_id: str | None = None

    @property
    def is_admin(self) -> bool:
        return self.kind == ADMIN

    @property
    def is_session(self) -> bool:
        return self.kind == SESSION_TOKEN

    @property
    def user_key(self) -> str | None:
        """``{orgId}_{userId}``: the key user-scoped data is stored under (None without a user)."""
        if self.org_id is None or self.user_id is None:
            return None
        return f"{self.org_id}_{self.user_id}"


def bearer_present(token: str) -> dict:
    """x-bearerInfoFunc of all three schemes (documentation of the scheme; ReachCheck judges)."""
    return {"sub": None}


_WANTED = {b"authorization": "authorization", b"x-organization-id": "x-organization-id",
           b"x-user-id": "x-user-id"}


def _request_headers(scope) -> dict[str, str]:
    """The headers authorization reads, from the ASGI scope in one pass (first value wins)."""
    found: dict[str, str] = {}
    for name, value in scope["headers"]:
        key = _WANTED.get(name)  # ASGI header names are lower-case
        if key is not None and key not in found:
            found[key] = value.decode("latin-1")
    return found


def _bearer_token(headers: dict[str, str]) -> str:
    header = headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not token:
        raise Unauthorized("a bearer token is required", code="unauthorized")
    return token


def _class_of(settings: Settings, token: str) -> str | None:
    """The credential class a token claims, from its form alone (no I/O)."""
    if token.startswith(keys.PREFIX):
        return API_KEY
    if token.startswith(sessions.ACCESS_PREFIX):
        return SESSION_TOKEN
    if settings.admin_token and hmac.compare_digest(token.encode(), settings.admin_token.encode()):
        return ADMIN
    return None


def _identify(settings: Settings, token: str) -> Caller:
    if token.startswith(sessions.ACCESS_PREFIX):
        s = sessions.verify(token, settings)
        return Caller(kind=SESSION_TOKEN, org_id=s.org_id, key_id=s.key_id, user_id=s.user_id,
                      session_id=s.session_id, group_id=s.group_id)
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


def _resolve_org(caller: Caller, needs_org: bool, headers: dict[str, str]) -> Caller:
    named = headers.get("x-organization-id")
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


def _resolve_user(caller: Caller, headers: dict[str, str]) -> Caller:
    named = headers.get("x-user-id")
    if named is None:
        return caller
    if not _USER_ID.match(named):
        raise Invalid("X-User-Id must be 1-200 characters without slash, whitespace or control "
                      "characters", code="invalid_user_id")
    if caller.kind == SESSION_TOKEN:
        if named != caller.user_id:
            raise Forbidden("a session token acts only for its own user", code="user_forbidden")
        return caller
    return dataclasses.replace(caller, user_id=named)


def _not_allowed(kind: str) -> Forbidden:
    return Forbidden(f"this operation is not available to a {kind} credential",
                     code="credential_not_allowed")


def authorize(settings: Settings, allowed: frozenset[str], needs_org: bool,
              scope=None) -> Caller:
    scope = scope or request_scope._get_current_object()
    headers = _request_headers(scope)
    caller = _identify(settings, _bearer_token(headers))
    if caller.kind not in allowed:
        raise _not_allowed(caller.kind)
    caller = _resolve_user(_resolve_org(caller, needs_org, headers), headers)
    log_info = scope.get(LOG_SCOPE_KEY)
    if log_info is not None:
        log_info["org_id"] = caller.org_id
    return caller


def admit(settings: Settings, allowed: frozenset[str], needs_org: bool) -> Caller:
    """authorize, then count the request against the org's rate limit (not the admin's)."""
    scope = request_scope._get_current_object()
    caller = authorize(settings, allowed, needs_org, scope)
    _count_request(settings, caller, scope.get(LOG_SCOPE_KEY))
    return caller


def _count_request(settings: Settings, caller: Caller, info: dict | None) -> None:
    if caller.kind != ADMIN and caller.org_id:
        seen = None if info is None else functools.partial(info.__setitem__, RATE_KEY)
        state = limits.check_request(org_id=caller.org_id, settings=settings, seen=seen)
        if state is not None and seen is not None:
            seen(state)  # server/conventions.py puts RateLimit fields on the answer


_executor: concurrent.futures.ThreadPoolExecutor | None = None
_threads = 40


def configure(settings: Settings) -> None:
    """Size the threads of synchronous handlers from the database pool (before their first
    use): each holds a pooled connection for its whole call, beside the turn loop's hop
    threads and a few background threads. More threads than connections only wait on the
    pool, and fail after AGENT_PLATFORM_DB_POOL_TIMEOUT; a request queued for a thread waits
    its turn instead (a burst of a thousand chat POSTs is answered, later, never refused)."""
    global _threads
    spare = settings.db_pool_size - settings.db_hop_threads - 2
    _threads = max(4, min(40, spare))


def _pool() -> concurrent.futures.ThreadPoolExecutor:
    global _executor
    if _executor is None:
        _executor = concurrency.pool("handler", _threads)
    return _executor


def _in_thread(fn, *args):
    context = contextvars.copy_context()
    return asyncio.get_running_loop().run_in_executor(_pool(), context.run, fn, *args)


in_thread = _in_thread  # for middleware that must read the database (server/cors.py)


def _touch_key(key_id: str) -> None:
    with db.connection():
        keys.touch(key_id=key_id)


def guard(function, settings: Settings, allowed: frozenset[str], fast_path: bool = False,
          counts_runs: bool = False):
    """Wrap a handler: a pooled DB connection for the call, the caller checked and injected.

    Sync handlers run on a thread pool (one hop per request through the event loop's
    executor), so blocking I/O never stalls the loop. A sync handler may answer with an
    awaitable (work it started elsewhere, such as a synchronous run executing on the turn
    loop): it is awaited on the server's loop, holding no thread. Operations marked ``x-fast-path`` in
    openapi.yaml answer from indexed database reads alone; on SQLite (local, WAL: readers never
    wait for a lock) they run on the event loop itself, which saves the hop (not when Redis is
    configured: its rate counters are network calls). ``counts_runs``: the operation starts
    runs (``x-run-quota``), and its answer shows the monthly run quota (server/run_quota.py).
    """
    signature = inspect.signature(function)
    wants_caller, wants_settings = "caller" in signature.parameters, "settings" in signature.parameters
    needs_org = bool(allowed - {ADMIN})
    inline = fast_path and settings.is_sqlite and not settings.redis_url

    def call(kwargs):
        with db.connection():
            if not allowed:
                return function(**kwargs)
            scope = request_scope._get_current_object()
            caller = authorize(settings, allowed, needs_org, scope)
            info = scope.get(LOG_SCOPE_KEY)
            if counts_runs and info is not None and caller.kind != ADMIN and caller.org_id:
                return run_quota.counted(settings, caller.org_id, info,
                                         functools.partial(admitted, caller, info, kwargs))
            return admitted(caller, info, kwargs)

    def admitted(caller, info, kwargs):
        _count_request(settings, caller, info)
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
                        return admit(settings, allowed, needs_org)
                caller = await _in_thread(check)
                current_caller.set(caller)
                if wants_caller:
                    kwargs["caller"] = caller
            return await function(**kwargs)
    elif inline:
        async def wrapper(**kwargs):
            if wants_settings:
                kwargs["settings"] = settings
            return call(kwargs)
    else:
        async def wrapper(**kwargs):
            if wants_settings:
                kwargs["settings"] = settings
            answer = await _in_thread(call, kwargs)
            if inspect.isawaitable(answer):  # work the handler started: awaited, no thread held
                answer = await answer
            return answer

    functools.update_wrapper(wrapper, function)
    # Connexion inspects handlers on every request; a precomputed signature makes it a lookup.
    wrapper.__signature__ = function.__signature__ = signature
    return wrapper


_IDENTIFIED = "agent_platform.identified"
_METHODS = {"get", "put", "post", "patch", "delete", "head", "options", "trace"}


def allowed_classes(spec: dict) -> dict[str, frozenset[str]]:
    """operationId -> the credential classes its security lists (the one source of reach)."""
    found = {}
    for item in spec["paths"].values():
        for method, op in item.items():
            if method in _METHODS and isinstance(op, dict) and "operationId" in op:
                security = op.get("security", spec.get("security", []))
                found[op["operationId"]] = frozenset(n for req in security for n in req)
    return found


def security_map(settings: Settings, spec: dict) -> dict:
    """Connexion security handlers for the app: ``ReachCheck`` bound to settings and spec."""
    reach = allowed_classes(spec)

    class ReachCheck(BearerSecurityHandler):
        """Per security scheme of an operation: accept a token of the scheme's class (its
        validity is established in ``authorize``). A token whose class the operation does not
        list at all is identified (once per request) to tell an invalid token (401) from a
        valid one outside its reach (403). Connexion accepts the request when any listed
        scheme accepts it, else raises the most specific error (403 over 401)."""

        def _resolve_func(self, security_scheme):
            kind = security_scheme.get("x-credential-class")
            return functools.partial(self._check, kind) if kind else None

        def _get_verify_func(self, check):
            # called for every request: no signature inspection (unlike connexion's wrapper)
            def verify(request):
                auth_type, token = self.get_auth_header_value(request)
                if auth_type != "bearer":
                    return NO_VALUE
                return check(token, request)

            return verify

        @staticmethod
        def _check(kind, token, request):
            claimed = _class_of(settings, token)
            if claimed == kind:
                return {"sub": kind}
            # routing names the resolved handler ("handlers.<module>.<operationId>")
            resolved = request.scope.get("extensions", {}).get(
                "connexion_routing", {}).get("operation_id") or ""
            if claimed is not None and claimed in reach.get(resolved.rsplit(".", 1)[-1], ()):
                raise _not_allowed(claimed)  # another listed scheme accepts it: no I/O here
            return _judge(request, token)

    async def _judge(request, token):
        """The token fits no listed scheme: 401 if it is not valid at all, else 403."""
        found = request.scope.setdefault(_IDENTIFIED, {})
        if not found:
            def identify():
                with db.connection():
                    return _identify(settings, token)
            try:
                found["caller"] = await _in_thread(identify)
            except Unauthorized as exc:
                found["error"] = exc
        if "error" in found:
            raise found["error"]
        raise _not_allowed(found["caller"].kind)

    return {"bearer": ReachCheck}


class GuardedResolver(Resolver):
    """Resolves operationIds to handler functions (``handlers.<module>.<operationId>``) and
    guards each one with the credential classes its operation lists."""

    def __init__(self, settings: Settings, operation_modules: dict[str, str],
                 conditional_roles: dict | None = None):
        super().__init__()
        self.settings = settings
        self.operation_modules = operation_modules
        self.conditional_roles = conditional_roles or {}

    def resolve_operation_id(self, operation):
        operation_id = operation.operation_id
        module = self.operation_modules.get(operation_id)
        return f"handlers.{module}.{operation_id}" if module else operation_id

    def _conditional(self, operation, function):
        """ETags and If-Match / If-None-Match where openapi.yaml declares them."""
        from server import conditional

        role, read_id = self.conditional_roles.get(operation.operation_id, (None, None))
        if role == "read":
            return conditional.conditional_read(function)
        if role == "idempotent":
            from server import idempotency

            return idempotency.idempotent(function, current_caller)
        if role == "write":
            read_fn = self.resolve_function_from_operation_id(
                f"handlers.{self.operation_modules[read_id]}.{read_id}")
            return conditional.conditional_write(function, read_fn, self.settings,
                                                 operation.method, current_caller)
        return function

    def resolve(self, operation):
        operation_id = self.resolve_operation_id(operation)
        function = self._conditional(operation, self.resolve_function_from_operation_id(operation_id))
        allowed = frozenset(name for req in (operation.security or []) for name in req)
        fast_path = bool(operation._operation.get("x-fast-path"))
        counts_runs = bool(operation._operation.get("x-run-quota"))
        return Resolution(guard(function, self.settings, allowed, fast_path, counts_runs),
                          operation_id)

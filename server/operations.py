"""Connexion's last step (handler call), prepared once per operation instead of per request.

Connexion routes, authenticates and validates every request against openapi.yaml; this module
changes none of that. What it changes is the innermost step: Connexion's ``AsyncOperation``
rebuilds its decorator chain (parameter extraction, response shaping), its URI parser and the
handler's argument list on every request. ``PreparedOperation`` builds them on the operation's
first request and keeps them; each request then only parses its own parameters and calls the
handler. ``App`` is ``connexion.AsyncApp`` with that operation class.
"""
from __future__ import annotations

import typing as t
from urllib.parse import parse_qsl

from connexion.apps.abstract import AbstractApp
from connexion.apps.asynchronous import AsyncApi, AsyncApp, AsyncASGIApp, AsyncOperation
from connexion.context import operation as current_operation
from connexion.decorators import StarletteDecorator
from connexion.decorators.parameter import CONTEXT_NAME, pythonic, sanitized, unwrap_decorators
from connexion.lifecycle import ConnexionRequest
from connexion.utils import coerce_type, inspect_function_arguments
from starlette.responses import Response as StarletteResponse


_SCALARS = {"string", "integer", "number", "boolean"}


def _takes_no_input(operation) -> bool:
    """True when the operation declares no path or query parameter and no request body."""
    return (not operation.request_body
            and all(p.get("in") not in ("path", "query") for p in operation.parameters))


def _takes_scalars(operation) -> bool:
    """True when the operation has no request body and each of its path and query parameters
    is one plain value (a string, number or boolean schema: no array, object or composition),
    so that its arguments are the query string's last value of each name, coerced as
    Connexion coerces them."""
    if operation.request_body:
        return False
    for p in operation.parameters:
        if p.get("in") in ("path", "query"):
            schema = p.get("schema") or {}
            if schema.get("type") not in _SCALARS or p.get("style") or p.get("content"):
                return False
    return True


class PreparedOperation(AsyncOperation):
    """An operation whose decorated handler and URI parser are built once."""

    _call: t.Callable | None = None

    def _prepare(self) -> t.Callable:
        # The URI parser is derived from the operation Connexion's context names for this
        # request; each PreparedOperation serves exactly one operation of the document.
        spec_operation = current_operation._get_current_object()
        decorator = StarletteDecorator(pythonic_params=self.pythonic_params,
                                       jsonifier=self.jsonifier)
        if _takes_no_input(spec_operation) and CONTEXT_NAME not in self._arguments():
            call = self._without_input(decorator)
        elif _takes_scalars(spec_operation) and CONTEXT_NAME not in self._arguments():
            call = self._with_scalars(decorator, spec_operation)
        else:
            decorated = decorator.decorate(self._fn)
            uri_parser = decorator.uri_parser

            async def call(scope, receive):
                return await decorated(ConnexionRequest(scope, receive, uri_parser=uri_parser))

        self._call = call
        return call

    def _arguments(self) -> tuple[list[str], bool]:
        return inspect_function_arguments(unwrap_decorators(self._fn))

    def _without_input(self, decorator: StarletteDecorator) -> t.Callable:
        """An operation without path or query parameters and without a body: its handler gets
        only the context entries it names (headers are read by authorization)."""
        handler = decorator._sync_async_decorator(self._fn)
        respond = decorator._response_decorator_cls(framework=decorator.framework,
                                                    jsonifier=self.jsonifier)
        arguments, has_kwargs = self._arguments()

        async def call(scope, receive):
            entries = scope.get("extensions", {}).get("connexion_context", {})
            result = await handler(**{k: v for k, v in entries.items()
                                      if has_kwargs or k in arguments})
            if isinstance(result, StarletteResponse):
                return result
            return respond.build_framework_response(result)

        return call

    def _with_scalars(self, decorator: StarletteDecorator, spec_operation) -> t.Callable:
        """An operation whose path and query parameters are plain values and that takes no
        body: its arguments are read straight from the ASGI scope (request validation has
        already checked them against openapi.yaml), with the spec's defaults for absent query
        parameters, as Connexion's parameter step would give them."""
        handler = decorator._sync_async_decorator(self._fn)
        respond = decorator._response_decorator_cls(framework=decorator.framework,
                                                    jsonifier=self.jsonifier)
        arguments, has_kwargs = self._arguments()
        sanitize = pythonic if self.pythonic_params else sanitized
        params = {}  # name -> (argument name, definition), for the parameters the handler takes
        defaults = {}
        for p in spec_operation.parameters:
            if p["in"] not in ("path", "query"):
                continue
            name = sanitize(p["name"])
            if not (has_kwargs or name in arguments):
                continue
            params[(p["in"], p["name"])] = (name, p)
            if p["in"] == "query" and "default" in p["schema"]:
                defaults[name] = p["schema"]["default"]

        async def call(scope, receive):
            kwargs = dict(defaults)
            for key, value in scope.get("path_params", {}).items():
                found = params.get(("path", key))
                if found is not None:
                    kwargs[found[0]] = coerce_type(found[1], value, "parameter", key)
            query = scope.get("query_string")
            if query:
                for key, value in parse_qsl(query.decode("latin-1"), keep_blank_values=True):
                    found = params.get(("query", key))
                    if found is not None:  # the last value of a name is the one (Connexion's)
                        kwargs[found[0]] = coerce_type(found[1], value, "parameter", key)
            entries = scope.get("extensions", {}).get("connexion_context", {})
            for key, value in entries.items():
                if has_kwargs or key in arguments:
                    kwargs[key] = value
            result = await handler(**kwargs)
            if isinstance(result, StarletteResponse):
                return result
            return respond.build_framework_response(result)

        return call

    async def __call__(self, scope, receive, send):
        call = self._call or self._prepare()
        response = await call(scope, receive)
        return await response(scope, receive, send)


class PreparedApi(AsyncApi):
    def make_operation(self, operation) -> PreparedOperation:
        return PreparedOperation.from_operation(operation, pythonic_params=self.pythonic_params,
                                                jsonifier=self.jsonifier)


class PreparedASGIApp(AsyncASGIApp):
    api_cls = PreparedApi


class App(AsyncApp):
    """``connexion.AsyncApp`` serving ``PreparedOperation``s."""

    def __init__(self, import_name: str, **kwargs):
        self._middleware_app = PreparedASGIApp()
        AbstractApp.__init__(self, import_name, **kwargs)

"""ETags and conditional requests, for the operations openapi.yaml gives them.

A GET that declares the `If-None-Match` parameter answers with an `ETag` (a hash of the JSON
representation) and 304 when the client's tag is current. A PATCH, PUT or DELETE that declares
`If-Match` runs under the resource's write lock (store/resource_locks.py): with `If-Match`, the
current representation (the GET of the same path) must carry that tag, else 412
`precondition_failed`; without it the write simply goes after the one before (last writer
wins). Its answer carries the `ETag` of the resource as this write left it (not for DELETE).
"""
from __future__ import annotations

import functools
import hashlib
import inspect
import json

from connexion.context import scope as request_scope
from starlette.responses import Response

from store import resource_locks
from store.errors import PreconditionFailed

_WRITES = ("put", "patch", "delete")


def roles(spec: dict) -> dict[str, tuple[str, str | None]]:
    """operationId -> ("read", None), ("write", the operationId of the path's GET) or
    ("idempotent", None) (a POST that takes `Idempotency-Key`)."""
    found = {}
    for item in spec["paths"].values():
        get = item.get("get") if isinstance(item.get("get"), dict) else None
        for method, op in item.items():
            if not isinstance(op, dict) or "operationId" not in op:
                continue
            names = {p.get("name") or p.get("$ref", "").rsplit("/", 1)[-1]
                     for p in op.get("parameters", [])}
            if method == "post" and names & {"Idempotency-Key", "IdempotencyKey"}:
                found[op["operationId"]] = ("idempotent", None)
            elif method == "get" and names & {"If-None-Match", "IfNoneMatch"}:
                found[op["operationId"]] = ("read", None)
            elif method in _WRITES and get and names & {"If-Match", "IfMatch"}:
                found[op["operationId"]] = ("write", get["operationId"])
    return found


def header(name: bytes) -> str | None:
    """A header of the request being served (first value), from the ASGI scope."""
    for key, value in request_scope._get_current_object()["headers"]:
        if key == name:
            return value.decode("latin-1")
    return None


def tag_of(body) -> str:
    """The ETag of a representation: its encoded bytes (as the handler answered them)."""
    raw = body if isinstance(body, (bytes, bytearray)) else json.dumps(
        body, sort_keys=True, separators=(",", ":"), default=str).encode()
    return '"' + hashlib.blake2b(raw, digest_size=16).hexdigest() + '"'


def _tags(header: str) -> list[str]:
    return [t.strip().removeprefix("W/") for t in header.split(",") if t.strip()]


def matches(header: str, tag: str) -> bool:
    """Whether an If-Match / If-None-Match value names `tag` (or is `*`)."""
    tags = _tags(header)
    return "*" in tags or tag in tags


def split(result):
    """A handler's answer as (body, status, headers); the body of a pre-encoded response is its
    bytes."""
    if isinstance(result, Response):
        return result.body, result.status_code, dict(result.headers)
    if isinstance(result, tuple):
        body, status, *rest = result
        return body, status, dict(rest[0]) if rest else {}
    return result, 200, {}


def _reader(read_fn, settings):
    """A function kwargs -> the current representation of the resource (as its GET)."""
    params = inspect.signature(read_fn).parameters

    def read(kwargs, caller):
        args = {k: v for k, v in kwargs.items() if k in params}
        if "caller" in params:
            args["caller"] = caller
        if "settings" in params:
            args["settings"] = settings
        return split(read_fn(**args))[0]

    return read


def conditional_read(function):
    @functools.wraps(function)
    def wrapper(**kwargs):
        result = function(**kwargs)
        if isinstance(result, Response):  # pre-encoded: hash its bytes, add the one header
            if result.status_code != 200:
                return result
            tag = tag_of(result.body)
            wanted = header(b"if-none-match")
            if wanted is not None and matches(wanted, tag):
                return Response(status_code=304, headers={"ETag": tag})
            result.raw_headers.append((b"etag", tag.encode()))
            return result
        body, status, _headers = split(result)
        if status != 200:
            return result
        tag = tag_of(body)
        wanted = header(b"if-none-match")
        if wanted is not None and matches(wanted, tag):
            return Response(status_code=304, headers={"ETag": tag})
        return _with_tag(result, tag)

    return wrapper


def conditional_write(function, read_fn, settings, method: str, current_caller):
    read = _reader(read_fn, settings)

    @functools.wraps(function)
    def wrapper(**kwargs):
        caller = current_caller.get()
        with resource_locks.held(org_id=caller.org_id if caller else None,
                                 resource=request_scope._get_current_object()["path"]):
            wanted = header(b"if-match")
            if wanted is not None and not matches(wanted, tag_of(read(kwargs, caller))):
                raise PreconditionFailed("the resource has changed since the version If-Match "
                                         "names; read it again", code="precondition_failed")
            result = function(**kwargs)
            if method == "delete":
                return result
            return _with_tag(result, tag_of(read(kwargs, caller)))

    return wrapper


def _with_tag(result, tag: str):
    if isinstance(result, Response):
        result.headers["ETag"] = tag
        return result
    body, status, headers = split(result)
    return body, status, {**headers, "ETag": tag}

"""Adapter that lets Connexion 3.3 serve an OpenAPI 3.1 document.

Connexion 3.3 checks documents against the 3.0 meta-schema with JSON Schema Draft 4 and
validates bodies and parameters with Draft 4, which rejects 3.1 documents (type arrays with
"null", ...) and never enforces ``format: uuid``. This module:

* validates the document with openapi-spec-validator (which knows 3.1) instead of
  Connexion's 3.0 check (``install()``), and
* supplies Draft 2020-12 validators, with a format checker that enforces ``uuid`` and
  ``date-time``, through Connexion's public ``validator_map`` (``VALIDATOR_MAP``).

Compiled validators are cached per schema object, so a request pays only for validation.
"""
from __future__ import annotations

import contextlib
import datetime as dt
import functools
import hashlib
import json
import os
import re
import typing as t
import uuid
from pathlib import Path

from connexion.datastructures import MediaTypeDict
from connexion.exceptions import (
    BadRequestProblem,
    ExtraParameterProblem,
    NonConformingResponseBody,
    ProblemException,
    UnsupportedMediaTypeProblem,
)
from connexion.json_schema import format_error_with_path
from connexion.spec import OpenAPISpecification, Specification
from connexion.validators import VALIDATOR_MAP as CONNEXION_VALIDATORS
from connexion.validators import (
    JSONRequestBodyValidator,
    JSONResponseBodyValidator,
    ParameterValidator,
)
from jsonschema import Draft202012Validator, FormatChecker, ValidationError, validators
from jsonschema.exceptions import best_match

from server import body_limit, field_errors, input_rules

_UUID = re.compile(r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$")
_DATE_TIME = re.compile(
    r"^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$"
)

FORMAT_CHECKER = FormatChecker(formats=())


@FORMAT_CHECKER.checks("uuid", raises=ValueError)
def _is_uuid(value: object) -> bool:
    if not isinstance(value, str):
        return True
    if not _UUID.match(value):
        return False
    uuid.UUID(value)
    return True


@FORMAT_CHECKER.checks("date-time", raises=ValueError)
def _is_date_time(value: object) -> bool:
    if not isinstance(value, str):
        return True
    if not _DATE_TIME.match(value):
        return False
    dt.datetime.fromisoformat(value.upper().replace("Z", "+00:00"))
    return True


_cache: dict[int, tuple[dict, Draft202012Validator]] = {}


def validator_for(schema: dict) -> Draft202012Validator:
    """A Draft 2020-12 validator for schema, compiled once per schema object."""
    hit = _cache.get(id(schema))
    if hit is not None and hit[0] is schema:
        return hit[1]
    validator = Validator(schema, format_checker=FORMAT_CHECKER)
    _cache[id(schema)] = (schema, validator)
    return validator


def check(schema: dict, value: t.Any) -> None:
    """Raise the most relevant ValidationError of value against schema. Nullable values are
    written `oneOf: [X, {type: 'null'}]`: the error names what failed inside X (a maxLength, an
    enum) rather than the oneOf, and a value of neither type says so as `type` would."""
    error = best_match(validator_for(schema).iter_errors(value))
    if error is None:
        return
    raise _nullable(error)


def _nullable(error: ValidationError) -> ValidationError:
    """A value of neither type of `oneOf: [X, {type: 'null'}]` says so as `type` would."""
    if error.validator in ("oneOf", "anyOf") and error.context and all(
            e.validator == "type" and not e.relative_path for e in error.context):
        types = ", ".join(repr(e.validator_value) for e in error.context)
        error = ValidationError(f"{error.instance!r} is not of type {types}", validator="type",
                                path=error.relative_path, schema_path=error.relative_schema_path,
                                instance=error.instance, validator_value=types)
    return error


_NOT_SENT = object()
SIZE_KEYWORDS = frozenset({"x-max-bytes"})


def _max_bytes(validator, limit, instance, schema):
    """``x-max-bytes``: the value, serialized as compact JSON, is at most ``limit`` bytes."""
    size = len(json.dumps(instance, separators=(",", ":"), ensure_ascii=False).encode())
    if size > limit:
        yield ValidationError(f"is larger than {limit} bytes as JSON (x-max-bytes)")


Validator = validators.extend(Draft202012Validator, {"x-max-bytes": _max_bytes})


def _names(values) -> str:
    return ", ".join(input_rules.preview(v, 40) for v in list(values)[:5])


def _rule(exc: ValidationError) -> str:
    """What the value breaks, in words that never repeat the value itself (it may be a
    credential, or ten megabytes long)."""
    keyword, limit, schema = exc.validator, exc.validator_value, exc.schema
    if keyword == "type":
        if isinstance(limit, str) and "'" in limit:  # check(): the types of a nullable oneOf
            return f"is not of type {limit}"
        return f"is not of type {_names(limit if isinstance(limit, list) else [limit])}"
    if keyword == "minLength":
        return "should be non-empty" if limit == 1 else f"is shorter than {limit} characters (minLength)"
    if keyword == "maxLength":
        return f"is longer than {limit} characters (maxLength)"
    if keyword in ("enum", "const"):
        values = limit if keyword == "enum" else [limit]
        more = ", ..." if len(values) > 5 else ""
        return f"is not one of [{_names(values)}{more}]"
    if keyword in ("minimum", "exclusiveMinimum"):
        return f"is less than the {keyword} of {limit}"
    if keyword in ("maximum", "exclusiveMaximum"):
        return f"is greater than the {keyword} of {limit}"
    if keyword == "format":
        return f"is not a valid {limit}"
    if keyword == "pattern":
        return f"does not match the pattern {input_rules.preview(limit, 80)}"
    if keyword in ("minItems", "maxItems", "minProperties", "maxProperties"):
        return f"does not satisfy {keyword} {limit}"
    if keyword == "required":
        missing = [n for n in limit if isinstance(exc.instance, dict) and n not in exc.instance]
        return f"{_names(missing[:1] or limit[:1])} is a required property"
    if keyword in ("additionalProperties", "unevaluatedProperties") and isinstance(exc.instance, dict):
        known = set((schema or {}).get("properties") or {})
        patterns = [re.compile(p) for p in ((schema or {}).get("patternProperties") or {})]
        extra = [k for k in exc.instance if k not in known and not any(p.search(k) for p in patterns)]
        verb = "was" if len(extra) == 1 else "were"
        return f"Additional properties are not allowed ({_names(extra)} {verb} unexpected)"
    if keyword in SIZE_KEYWORDS:
        return exc.message
    return f"does not satisfy '{keyword}'"


def _message(exc: ValidationError) -> str:
    """The rule and where it broke (the full path, also for an error inside a oneOf)."""
    path = ".".join(str(item)[:40] for item in exc.absolute_path)
    return (f"{_rule(exc)} - '{path}'" if path else _rule(exc))[:500]


def _problem(error: input_rules.BadInput) -> ProblemException:
    if error.code == "payload_too_large":
        return ProblemException(status=413, title="Payload Too Large", detail=error.detail)
    return BadRequestProblem(detail=error.detail)


def _has_content_type(scope) -> bool:
    return any(name.lower() == b"content-type" for name, _ in scope.get("headers", ()))


class RequestBodyValidator(JSONRequestBodyValidator):
    """JSON request bodies under server.input_rules (UTF-8, depth, NUL, surrogates, NaN,
    duplicate keys, safe integers), then Draft 2020-12 (with ``x-max-bytes``). A body without
    a Content-Type is 415; a field over its documented size is a 400 like any schema rule
    (the whole body over its limit is a 413 before parsing, server/body_limit.py)."""

    async def _parse(self, stream: t.AsyncGenerator[bytes, None], scope) -> t.Any:
        raw = b"".join([chunk async for chunk in stream])
        if not raw.strip():
            return _NOT_SENT
        if not _has_content_type(scope):
            raise UnsupportedMediaTypeProblem(
                detail="a request body needs a Content-Type header (application/json)")
        try:
            text = raw.decode(self._encoding or "utf-8")
        except (UnicodeDecodeError, LookupError):
            raise BadRequestProblem(detail="request body is not valid UTF-8 JSON")
        try:
            return input_rules.loads(text, scope.get(body_limit.MAX_VALUES_KEY)
                                     or input_rules.MAX_NODES)
        except input_rules.BadInput as exc:
            raise _problem(exc) from None

    def _validate(self, body: t.Any) -> None:
        if body is _NOT_SENT:
            if self._required:
                raise BadRequestProblem(detail="request body must not be empty")
            return  # an optional body that was not sent
        try:
            check(self._schema, body)
        except ValidationError as exc:
            problem = BadRequestProblem(detail=_message(exc))
            problem.ext = {"errors": field_errors.collect(
                validator_for(self._schema).iter_errors(body), _rule, _nullable)}
            raise problem from None


class ResponseBodyValidator(JSONResponseBodyValidator):
    def _validate(self, body: t.Any) -> None:
        try:
            check(self._schema, body)
        except ValidationError as exc:
            raise NonConformingResponseBody(
                detail=f"{exc.message}{format_error_with_path(exception=exc)}"
            )


class Parameters(ParameterValidator):
    def validate_request(self, request):
        """Every invalid parameter, not only the first: the first in `detail` (query, then
        path, header, cookie), all of them in `errors` (`{location, path: the name, message}`)."""
        if self.strict_validation:
            extra = self.validate_query_parameter_list(
                request, security_params=self.security_query_params)
            if extra:
                raise ExtraParameterProblem(param_type="query", extra_params=extra)
        checks = [(where, getattr(self, f"validate_{where}_parameter"))
                  for where in ("query", "path", "header", "cookie")]
        errors = []
        for location, validate in checks:
            for param in self.parameters.get(location, []):
                error = validate(param, request)
                if error:
                    errors.append({"location": location, "path": param["name"],
                                   "message": str(error)})
        if errors:
            problem = BadRequestProblem(detail=errors[0]["message"])
            problem.ext = {"errors": errors}
            raise problem

    def validate_header_parameter(self, param, request):
        """The header's first value, read from the ASGI scope (no header mapping is built)."""
        wanted = _header_key(param["name"])
        for name, value in request.scope["headers"]:
            if name == wanted:
                return self.validate_parameter("header", value.decode("latin-1"), param)
        return self.validate_parameter("header", None, param)

    @staticmethod
    def validate_parameter(parameter_type, value, param, param_name=None):
        if value is not None:
            problem = input_rules.check_parameter(param.get("name"), value)
            if problem:
                return problem
            try:
                check(param.get("schema", param), value)
            except ValidationError as exc:
                return f"{param.get('name')}: {_rule(exc)}"
        elif param.get("required"):
            return f"Missing {parameter_type} parameter '{param['name']}'"
        return None


@functools.lru_cache(maxsize=256)
def _header_key(name: str) -> bytes:
    return name.lower().encode("latin-1")


VALIDATOR_MAP = {
    "parameter": Parameters,
    "body": MediaTypeDict({**CONNEXION_VALIDATORS["body"], "*/*json": RequestBodyValidator}),
    "response": MediaTypeDict(
        {**CONNEXION_VALIDATORS["response"], "*/*json": ResponseBodyValidator}
    ),
}


_validated: set[str] = set()
_original_validate_spec = Specification.__dict__["_validate_spec"]
_cache_dir: Path | None = None
CACHE_FILE = "openapi-validated"  # in the data directory: digests of documents found valid
_CACHE_KEEP = 16


def _digest(spec: dict) -> str:
    """The document's sha256 (its canonical JSON), with the validator's version: a new
    validator checks every document again."""
    from importlib.metadata import version

    body = json.dumps(spec, sort_keys=True, default=str).encode()
    return hashlib.sha256(version("openapi-spec-validator").encode() + b"\0" + body).hexdigest()


def _cached(directory: Path | None) -> list[str]:
    if directory is None:
        return []
    try:
        return (directory / CACHE_FILE).read_text(encoding="ascii").split()
    except (OSError, UnicodeDecodeError):
        return []


def _remember(directory: Path | None, digest: str) -> None:
    """Add digest to the cache file (the newest few kept); a directory that cannot be
    written only means the next process validates again."""
    if directory is None:
        return
    kept = [d for d in _cached(directory) if d != digest][-(_CACHE_KEEP - 1):] + [digest]
    tmp = directory / f"{CACHE_FILE}.{os.getpid()}.tmp"
    try:
        directory.mkdir(mode=0o700, parents=True, exist_ok=True)
        tmp.write_text("\n".join(kept) + "\n", encoding="ascii")
        os.replace(tmp, directory / CACHE_FILE)
    except OSError:
        with contextlib.suppress(OSError):
            tmp.unlink(missing_ok=True)


def validate_document(spec: dict, *, cache_dir: Path | None = None) -> None:
    """Validate an OpenAPI 3.0 or 3.1 document (openapi-spec-validator), once per content:
    a document whose digest this process, or any process of the cache directory (the data
    directory, ``install(cache_dir=...)``), found valid is not validated again; a changed
    document is."""
    directory = cache_dir if cache_dir is not None else _cache_dir
    digest = _digest(spec)
    if digest in _validated:
        return
    if digest in _cached(directory):
        _validated.add(digest)
        return
    from openapi_spec_validator import validate

    validate(spec)
    _validated.add(digest)
    _remember(directory, digest)


def validated() -> list[str]:
    """Digests of the documents this process validated or trusted."""
    return sorted(_validated)


def trust(digests) -> None:
    """Take documents validated by the parent process as valid (`serve --workers N` validates
    openapi.yaml once before it starts its workers; each worker still checks the digest of
    the very document it loads)."""
    _validated.update(d for d in digests if d)


def _validate_spec(cls, spec):
    if str(spec.get("openapi", "")).startswith("3.1"):
        validate_document(spec)
    else:
        _original_validate_spec.__func__(cls, spec)


def install(cache_dir: Path | None = None) -> None:
    """Make Connexion accept 3.1 documents by validating them with openapi-spec-validator,
    remembering valid documents in ``cache_dir`` when given. Idempotent; 3.0 documents keep
    Connexion's own check."""
    global _cache_dir
    if cache_dir is not None:
        _cache_dir = Path(cache_dir)
    OpenAPISpecification._validate_spec = classmethod(_validate_spec)

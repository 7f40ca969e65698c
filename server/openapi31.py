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

import datetime as dt
import hashlib
import json
import re
import typing as t
import uuid

from connexion.datastructures import MediaTypeDict
from connexion.exceptions import BadRequestProblem, NonConformingResponseBody
from connexion.json_schema import format_error_with_path
from connexion.spec import OpenAPISpecification, Specification
from connexion.validators import VALIDATOR_MAP as CONNEXION_VALIDATORS
from connexion.validators import (
    JSONRequestBodyValidator,
    JSONResponseBodyValidator,
    ParameterValidator,
)
from jsonschema import Draft202012Validator, FormatChecker, ValidationError
from jsonschema.exceptions import best_match

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
    validator = Draft202012Validator(schema, format_checker=FORMAT_CHECKER)
    _cache[id(schema)] = (schema, validator)
    return validator


def check(schema: dict, value: t.Any) -> None:
    """Raise the most relevant ValidationError of value against schema. Nullable values are
    written `oneOf: [X, {type: 'null'}]`: the error names what failed inside X (a maxLength, an
    enum) rather than the oneOf, and a value of neither type says so as `type` would."""
    error = best_match(validator_for(schema).iter_errors(value))
    if error is None:
        return
    if error.validator in ("oneOf", "anyOf") and error.context and all(
            e.validator == "type" and not e.relative_path for e in error.context):
        types = ", ".join(repr(e.validator_value) for e in error.context)
        error = ValidationError(f"{error.instance!r} is not of type {types}", validator="type",
                                path=error.relative_path, schema_path=error.relative_schema_path,
                                instance=error.instance, validator_value=types)
    raise error


_NOT_SENT = object()
# Body fields whose values are secrets: a validation error names the rule, never the value.
SECRET_FIELDS = frozenset({"tools_auth", "refresh_token", "access_token", "client_secret",
                           "password", "token", "api_key"})


def _message(exc: ValidationError) -> str:
    if SECRET_FIELDS.intersection(str(p) for p in exc.absolute_path):
        return f"the value does not satisfy '{exc.validator}'"
    return exc.message


class RequestBodyValidator(JSONRequestBodyValidator):
    """JSON request bodies: Draft 2020-12, and malformed or non-UTF-8 bodies are a 400."""

    async def _parse(self, stream: t.AsyncGenerator[bytes, None], scope) -> t.Any:
        raw = b"".join([chunk async for chunk in stream])
        if not raw.strip():
            return _NOT_SENT
        try:
            text = raw.decode(self._encoding or "utf-8")
        except (UnicodeDecodeError, LookupError):
            raise BadRequestProblem(detail="request body is not valid UTF-8 JSON")
        try:
            return json.loads(text)
        except json.JSONDecodeError as exc:
            raise BadRequestProblem(detail=f"request body is not valid JSON: {exc}")

    def _validate(self, body: t.Any) -> None:
        if body is _NOT_SENT:
            if self._required:
                raise BadRequestProblem(detail="request body must not be empty")
            return  # an optional body that was not sent
        try:
            check(self._schema, body)
        except ValidationError as exc:
            raise BadRequestProblem(detail=f"{_message(exc)}{format_error_with_path(exception=exc)}")


class ResponseBodyValidator(JSONResponseBodyValidator):
    def _validate(self, body: t.Any) -> None:
        try:
            check(self._schema, body)
        except ValidationError as exc:
            raise NonConformingResponseBody(
                detail=f"{exc.message}{format_error_with_path(exception=exc)}"
            )


class Parameters(ParameterValidator):
    @staticmethod
    def validate_parameter(parameter_type, value, param, param_name=None):
        if value is not None:
            try:
                check(param.get("schema", param), value)
            except ValidationError as exc:
                return f"{param.get('name')}: {exc.message}"
        elif param.get("required"):
            return f"Missing {parameter_type} parameter '{param['name']}'"
        return None


VALIDATOR_MAP = {
    "parameter": Parameters,
    "body": MediaTypeDict({**CONNEXION_VALIDATORS["body"], "*/*json": RequestBodyValidator}),
    "response": MediaTypeDict(
        {**CONNEXION_VALIDATORS["response"], "*/*json": ResponseBodyValidator}
    ),
}


_validated: set[str] = set()
_original_validate_spec = Specification.__dict__["_validate_spec"]


def validate_document(spec: dict) -> None:
    """Validate an OpenAPI 3.0 or 3.1 document (openapi-spec-validator); cached per content."""
    from openapi_spec_validator import validate

    digest = hashlib.sha256(json.dumps(spec, sort_keys=True, default=str).encode()).hexdigest()
    if digest in _validated:
        return
    validate(spec)
    _validated.add(digest)


def _validate_spec(cls, spec):
    if str(spec.get("openapi", "")).startswith("3.1"):
        validate_document(spec)
    else:
        _original_validate_spec.__func__(cls, spec)


def install() -> None:
    """Make Connexion accept 3.1 documents by validating them with openapi-spec-validator.
    Idempotent; 3.0 documents keep Connexion's own check."""
    OpenAPISpecification._validate_spec = classmethod(_validate_spec)

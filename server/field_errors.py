"""Every invalid field of a request body, for the `errors` of a 400 (docs/errors.md).

The validator's errors are flattened to the fields they are about: inside a `oneOf` or `anyOf`
(a nullable value, a union of request shapes) the branch the value came closest to matching
speaks for it, the branch whose errors are not about the value's own kind (a root `type`,
`required`, `const` or `enum`), with the fewest errors.
"""
from __future__ import annotations

import typing as t

from jsonschema import ValidationError

from server import input_rules

MAX_FIELD_ERRORS = 50
_KIND = frozenset({"type", "required", "const", "enum"})


def _leaves(error: ValidationError, nullable: t.Callable) -> t.Iterator[ValidationError]:
    if error.validator not in ("oneOf", "anyOf") or not error.context:
        yield error
        return
    if all(e.validator == "type" and not e.relative_path for e in error.context):
        yield nullable(error)  # of neither type: says so as `type` would
        return
    branches: dict[t.Any, list[ValidationError]] = {}
    for e in error.context:
        branches.setdefault(e.relative_schema_path[0] if e.relative_schema_path else 0, []).append(e)
    closest = min(branches.values(), key=lambda errs: (
        any(e.validator in _KIND and not e.relative_path for e in errs), len(errs)))
    for e in closest:
        yield from _leaves(e, nullable)


def collect(errors: t.Iterable[ValidationError], rule: t.Callable[[ValidationError], str],
            nullable: t.Callable[[ValidationError], ValidationError]) -> list[dict]:
    """`[{location: body, path, message}]` in path order, one per field (its first rule)."""
    found: dict[str, str] = {}
    for top in errors:
        for error in _leaves(top, nullable):
            if error.validator == "additionalProperties" and isinstance(error.instance, dict):
                known = set((error.schema or {}).get("properties") or {})
                for name in [k for k in error.instance if k not in known][:5]:
                    found.setdefault(input_rules.json_path([*error.absolute_path, name]),
                                     "is not a property of this object (additionalProperties)")
                continue
            found.setdefault(input_rules.json_path(error.absolute_path), rule(error))
        if len(found) >= MAX_FIELD_ERRORS:
            break
    return [{"location": "body", "path": path, "message": message}
            for path, message in sorted(found.items())[:MAX_FIELD_ERRORS]]

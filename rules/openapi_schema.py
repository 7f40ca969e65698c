"""OpenAPI 3.0 Schema Objects as JSON Schema (draft 2020-12), which tools' schemas are.

OpenAPI 3.1 schemas are JSON Schema already. A 3.0 Schema Object differs in a few keywords,
translated here at every level where a schema can stand (properties, items, allOf, anyOf,
oneOf, not, additionalProperties, $defs, ...):

- ``nullable: true`` admits ``null``: ``"null"`` joins ``type`` (and ``enum``, when there is
  one); a schema built of others (``allOf``, ``oneOf``, ...) or without ``type`` becomes
  ``anyOf`` of itself and ``{"type": "null"}``, its annotations (``description``, ``x-*``,
  ...) kept outside.
  ``nullable`` itself is dropped.
- ``exclusiveMinimum: true`` / ``exclusiveMaximum: true`` (booleans beside ``minimum`` /
  ``maximum``) become the numbers of JSON Schema; ``false`` is dropped.
- ``example`` becomes ``examples: [example]``.

Values (``enum``, ``default``, ``const``, ``examples``) and the names under ``properties``
are never rewritten. The schema given is not changed: a new one is returned.
"""
from __future__ import annotations

# keywords whose value is one schema, a map of schemas, or a list of schemas
_ONE = ("additionalProperties", "additionalItems", "items", "not", "contains", "propertyNames",
        "if", "then", "else", "unevaluatedItems", "unevaluatedProperties", "contentSchema")
_MAP = ("properties", "patternProperties", "$defs", "definitions", "dependentSchemas")
_LIST = ("allOf", "anyOf", "oneOf", "prefixItems")
# keywords that hold other schemas a null must pass too: null is admitted beside them
_APPLICATORS = ("allOf", "anyOf", "oneOf", "not", "if", "$ref")
# what stays outside the anyOf that admits null: says what the value is, constrains nothing
_ANNOTATIONS = ("title", "description", "default", "examples", "deprecated", "readOnly",
                "writeOnly", "externalDocs", "xml")


def from_30(schema):
    """The JSON Schema of an OpenAPI 3.0 Schema Object (anything else is returned as is)."""
    if not isinstance(schema, dict):
        return schema
    out = {}
    for key, value in schema.items():
        if key in _ONE:
            out[key] = [from_30(v) for v in value] if isinstance(value, list) else from_30(value)
        elif key in _MAP and isinstance(value, dict):
            out[key] = {name: from_30(v) for name, v in value.items()}
        elif key in _LIST and isinstance(value, list):
            out[key] = [from_30(v) for v in value]
        else:
            out[key] = value
    _bounds(out)
    if "example" in out:
        example = out.pop("example")
        out.setdefault("examples", [example])
    if out.pop("nullable", False) is True:
        out = _nullable(out)
    return out


def _bounds(out: dict) -> None:
    for flag, bound in (("exclusiveMinimum", "minimum"), ("exclusiveMaximum", "maximum")):
        if not isinstance(out.get(flag), bool):
            continue  # absent, or a number already (JSON Schema's form)
        limit = out.get(bound)
        if out.pop(flag) and isinstance(limit, (int, float)) and not isinstance(limit, bool):
            out[flag] = out.pop(bound)


def _nullable(out: dict) -> dict:
    if isinstance(out.get("enum"), list) and None not in out["enum"]:
        out["enum"] = [*out["enum"], None]
    kind = out.get("type")
    if not any(k in out for k in _APPLICATORS):
        if isinstance(kind, str):
            out["type"] = [kind, "null"] if kind != "null" else kind
            return out
        if isinstance(kind, list):
            out["type"] = kind if "null" in kind else [*kind, "null"]
            return out
        if "enum" in out or not _constrains(out):
            return out  # the enum holds null now; a schema that constrains nothing admits it
    outside = {k: v for k, v in out.items() if k in _ANNOTATIONS or k.startswith("x-")}
    inside = {k: v for k, v in out.items() if k not in outside}
    return {**outside, "anyOf": [inside, {"type": "null"}]}


def _constrains(schema: dict) -> bool:
    return any(k not in _ANNOTATIONS and not k.startswith("x-") for k in schema)

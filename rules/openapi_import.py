"""Turn an OpenAPI 3.x document into api tool definitions (one per operation).

input_schema: an object with one property per path/query/header parameter (marked with
`x-in`) plus the JSON request body (its properties when it is an object schema, otherwise one
`body` property marked `x-in: body`). output_schema: the JSON schema of the first 2xx response.
Local `$ref`s (`#/...`) are resolved; the schemas of an OpenAPI 3.0 document are translated to
JSON Schema (rules/openapi_schema.py). A 3.1 document may have no `paths` (only `webhooks` or
`components`); webhooks are requests the API sends, not operations to call: they are listed
as skipped.

A document is refused (413 ``payload_too_large``) before anything is expanded when it would
grow past the caps: YAML nested deeper than ``MAX_DEPTH`` or with more than ``MAX_ALIASES``
aliases or ``max_values`` values, and any document whose expansion (YAML aliases and `$ref`s
resolved, measured without building it) holds more than ``max_values`` values or
``max_expanded_bytes`` bytes (settings; ``MAX_NODES`` and ``MAX_EXPANDED_BYTES`` by default).
A "billion laughs" document is refused in milliseconds.
"""
from __future__ import annotations

import json
import re

import yaml

from rules.errors import Invalid, TooLarge
from rules.openapi_schema import from_30

METHODS = ("get", "post", "put", "patch", "delete")
HTTP_METHODS = METHODS + ("head", "options", "trace")
_MAX_DEPTH = 20           # a $ref met deeper than this is not followed: it becomes {} (any value)
MAX_DEPTH = 64            # nesting of the document as sent
MAX_EXPANDED_DEPTH = 128  # nesting once expanded (deeper only through recursive YAML aliases)
MAX_ALIASES = 100         # YAML aliases (*name) in the document
MAX_NODES = 200_000       # values after aliases and $refs are expanded
MAX_EXPANDED_BYTES = 16 * 1024 * 1024  # about the JSON size after expansion
SCHEMA_MAX_BYTES = 256 * 1024  # a tool's input_schema or output_schema, as JSON
DESCRIPTION_MAX_CHARS = 10_000
_BAD_CHAR = re.compile(r"[\x00\ud800-\udfff]")
_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_OPEN = (yaml.MappingStartEvent, yaml.SequenceStartEvent)
_CLOSE = (yaml.MappingEndEvent, yaml.SequenceEndEvent)


def _check_yaml(text: str, max_values: int) -> None:
    """Depth, values and aliases of a YAML text, from its parse events (nothing is built)."""
    depth = nodes = aliases = 0
    try:
        for event in yaml.parse(text, Loader=_Loader):
            if isinstance(event, _OPEN):
                depth += 1
                nodes += 1
                if depth > MAX_DEPTH:
                    raise TooLarge(f"the document is nested more than {MAX_DEPTH} levels deep")
            elif isinstance(event, _CLOSE):
                depth -= 1
            elif isinstance(event, yaml.ScalarEvent):
                nodes += 1
            elif isinstance(event, yaml.AliasEvent):
                aliases += 1
                if aliases > MAX_ALIASES:
                    raise TooLarge(f"the document uses more than {MAX_ALIASES} YAML aliases")
            if nodes > max_values:
                raise TooLarge(f"the document holds more than {max_values} values")
    except yaml.MarkedYAMLError as exc:  # libyaml >= 0.2.6 stops deep flow nesting itself
        if "nesting depth" in str(exc.problem or ""):
            raise TooLarge(f"the document is nested more than {MAX_DEPTH} levels deep") from None
        raise


def _target(doc: dict, ref: str):
    target = doc
    for part in ref[2:].split("/"):
        part = part.replace("~1", "/").replace("~0", "~")
        if not isinstance(target, dict) or part not in target:
            return None
        target = target[part]
    return target


def measure(doc: dict, *, max_values: int = MAX_NODES,
            max_expanded_bytes: int = MAX_EXPANDED_BYTES) -> tuple[int, int]:
    """(values, bytes) of the document once ``_resolve`` expanded it, computed without
    expanding (memoized per shared node and depth, so aliases and $ref chains cost their
    distinct nodes only). Raises TooLarge past max_values or max_expanded_bytes."""
    memo: dict = {}

    def size(node, depth: int) -> tuple[int, int]:
        if depth > MAX_EXPANDED_DEPTH:
            raise TooLarge(f"the document expands (YAML aliases, $refs) to more than "
                           f"{MAX_EXPANDED_DEPTH} levels of nesting")
        if not isinstance(node, (dict, list)):
            if isinstance(node, str) and _BAD_CHAR.search(node):
                raise Invalid("the document holds a NUL character or a lone UTF-16 surrogate",
                              code="invalid_openapi_document")
            return 1, len(str(node)) + 2
        key = (id(node), depth)
        if key in memo:
            return memo[key]
        memo[key] = (1, 2)  # a cycle counts as what _resolve cuts it to
        if isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str) and ref.startswith("#/"):
                target = None if depth > _MAX_DEPTH else _target(doc, ref)
                result = (1, 2) if target is None else size(target, depth + 1)
            else:
                nodes, length = 1, 2
                for k, v in node.items():
                    size(k, depth + 1)
                    n, b = size(v, depth + 1)
                    nodes, length = nodes + n, length + b + len(str(k)) + 4
                result = nodes, length
        else:
            nodes, length = 1, 2
            for v in node:
                n, b = size(v, depth + 1)
                nodes, length = nodes + n, length + b + 1
            result = nodes, length
        memo[key] = result
        return result

    nodes, length = size(doc, 0)
    if nodes > max_values:
        raise TooLarge(f"the document expands (YAML aliases, $refs) to more than {max_values} "
                       "values")
    if length > max_expanded_bytes:
        raise TooLarge(f"the document expands (YAML aliases, $refs) to more than "
                       f"{max_expanded_bytes} bytes")
    return nodes, length


def parse(body, *, max_values: int = MAX_NODES,
          max_expanded_bytes: int = MAX_EXPANDED_BYTES) -> dict:
    """The document from a JSON object or a JSON/YAML text body, within the limits."""
    doc = body
    if isinstance(body, (bytes, str)):
        text = body.decode("utf-8", "replace") if isinstance(body, bytes) else body
        try:
            _check_yaml(text, max_values)
            doc = yaml.load(text, Loader=_Loader)  # noqa: S506 (a safe loader)
        except RecursionError:
            raise TooLarge(f"the document is nested more than {MAX_DEPTH} levels deep") from None
        except yaml.YAMLError:
            try:
                doc = json.loads(text)
            except RecursionError:
                raise TooLarge(f"the document is nested more than {MAX_DEPTH} levels "
                               "deep") from None
            except ValueError as exc:
                raise Invalid("the body is neither JSON nor YAML",
                              code="invalid_openapi_document") from exc
    if not isinstance(doc, dict) or not str(doc.get("openapi", "")).startswith("3."):
        raise Invalid("the body must be an OpenAPI 3.x document (an `openapi: 3.x` field)",
                      code="invalid_openapi_document")
    _check_parts(doc)
    measure(doc, max_values=max_values, max_expanded_bytes=max_expanded_bytes)
    return doc


def _check_parts(doc: dict) -> None:
    """`paths` (an object) is required in 3.0; 3.1 needs paths, webhooks or components."""
    parts = ("paths", "webhooks", "components") if _is_31(doc) else ("paths",)
    for part in parts:
        if part in doc and not isinstance(doc[part], dict):
            raise Invalid(f"the OpenAPI document's `{part}` is not an object",
                          code="invalid_openapi_document")
    if not any(part in doc for part in parts):
        raise Invalid("the OpenAPI document has no `paths`" if len(parts) == 1 else
                      "an OpenAPI 3.1 document needs `paths`, `webhooks` or `components`",
                      code="invalid_openapi_document")


def _is_31(doc: dict) -> bool:
    return not str(doc.get("openapi", "")).startswith("3.0")


def _resolve(doc: dict, node, depth: int = 0, cut: int = _MAX_DEPTH):
    """The node with its local $refs replaced by their targets; one met deeper than ``cut``
    (a recursive schema, say), or that points nowhere, becomes {}."""
    if depth > MAX_EXPANDED_DEPTH:  # measure() refused the document before
        raise TooLarge(f"the document expands to more than {MAX_EXPANDED_DEPTH} levels")
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/"):
            target = None if depth > cut else _target(doc, ref)
            if target is None:
                return {}
            return _resolve(doc, target, depth + 1, cut)
        return {k: _resolve(doc, v, depth + 1, cut) for k, v in node.items()}
    if isinstance(node, list):
        return [_resolve(doc, v, depth + 1, cut) for v in node]
    return node


def oversized_schema(fields: dict) -> str | None:
    """The name of a tool schema larger than SCHEMA_MAX_BYTES as JSON, else None."""
    for key in ("input_schema", "output_schema"):
        value = fields.get(key)
        if value is not None and len(json.dumps(value, separators=(",", ":"))) > SCHEMA_MAX_BYTES:
            return key
    return None


def _json_schema(content: dict | None):
    for media, spec in (content or {}).items():
        if "json" in media and isinstance(spec, dict) and isinstance(spec.get("schema"), dict):
            return spec["schema"]
    return None


def _input_schema(params: list, body: dict | None) -> dict | None:
    props, required = {}, []
    for param in params:
        if not isinstance(param, dict) or param.get("in") not in ("path", "query", "header"):
            continue
        schema = dict(param.get("schema") or {"type": "string"})
        schema["x-in"] = param["in"]
        if param.get("description"):
            schema.setdefault("description", param["description"])
        props[param["name"]] = schema
        if param.get("required") or param["in"] == "path":
            required.append(param["name"])
    body_schema = _json_schema((body or {}).get("content"))
    if body_schema is not None:
        if body_schema.get("type") == "object" and isinstance(body_schema.get("properties"), dict):
            for name, schema in body_schema["properties"].items():
                props.setdefault(name, schema)
            required += [r for r in body_schema.get("required", []) if r not in required]
        else:
            props["body"] = {**body_schema, "x-in": "body"}
            if (body or {}).get("required"):
                required.append("body")
    if not props:
        return None
    schema = {"type": "object", "properties": props}
    if required:
        schema["required"] = required
    return schema


def _output_schema(responses: dict | None):
    for status in sorted((responses or {}), key=str):
        if str(status).startswith("2") and isinstance(responses[status], dict):
            schema = _json_schema(responses[status].get("content"))
            if schema is not None:
                return schema
    return None


def _text(value):
    return None if value is None else str(value)[:DESCRIPTION_MAX_CHARS]


def operations(doc: dict) -> tuple[list[dict], list[dict]]:
    """(tool fields to create, skipped operations {method, path, reason}).

    An operation whose schemas, resolved, would pass SCHEMA_MAX_BYTES is resolved again with
    its deepest $refs left open ({}: any value), shallower each time, until they fit."""
    translate = from_30 if not _is_31(doc) else None
    paths = _resolve(doc, doc.get("paths") or {}, 1)  # at its depth in the document
    tools, skipped = [], []
    for path, item in paths.items():
        if not isinstance(item, dict):
            continue
        for method, op in item.items():
            method = str(method)
            if method.lower() not in HTTP_METHODS:
                continue  # parameters, summary, servers, x-... of the path item
            if method not in METHODS:
                skipped.append({"method": method.upper(), "path": path,
                                "reason": f"method {method.upper()} is not supported"})
            elif isinstance(op, dict):
                fields = _fields(path, method, op, item.get("parameters"), translate)
                cut = _MAX_DEPTH
                while oversized_schema(fields) and cut > 0:
                    cut -= 4
                    again = _resolve(doc, {"item": doc["paths"][path]}, 1, cut)["item"]
                    fields = _fields(path, method, again[method], again.get("parameters"),
                                     translate)
                tools.append(fields)
    return tools, skipped + _webhooks(doc)


def _fields(path, method: str, op: dict, shared, translate) -> dict:
    """The tool of one resolved operation."""
    listed = [p for part in (shared, op.get("parameters")) if isinstance(part, list) for p in part]
    params = {(p.get("in"), p.get("name")): p for p in listed if isinstance(p, dict)}
    name = op.get("operationId") or op.get("summary") or f"{method.upper()} {path}"
    input_schema = _input_schema(list(params.values()), op.get("requestBody"))
    output_schema = _output_schema(op.get("responses"))
    if translate:
        input_schema, output_schema = translate(input_schema), translate(output_schema)
    return {
        "name": str(name)[:200],
        "description": _text(op.get("description") or op.get("summary")),
        "method": method.upper(), "path": path,
        "input_schema": input_schema, "output_schema": output_schema,
        "operation_id": op.get("operationId"),
        "tags": op.get("tags") or None, "deprecated": bool(op.get("deprecated", False)),
    }


def _webhooks(doc: dict) -> list[dict]:
    """A 3.1 document's webhooks: requests the API sends, so no tool to call; listed."""
    found = []
    for name, item in (doc.get("webhooks") or {}).items() if _is_31(doc) else ():
        if isinstance(item, dict) and str(item.get("$ref", "")).startswith("#/"):
            item = _target(doc, item["$ref"])
        for method in item if isinstance(item, dict) else ():
            if str(method).lower() in HTTP_METHODS:
                found.append({"method": str(method).upper(), "path": str(name),
                              "reason": "a webhook: a request the API sends, not an operation "
                                        "to call"})
    return found

"""Turn an OpenAPI 3.x document into api tool definitions (one per operation).

input_schema: an object with one property per path/query/header parameter (marked with
`x-in`) plus the JSON request body (its properties when it is an object schema, otherwise one
`body` property marked `x-in: body`). output_schema: the JSON schema of the first 2xx response.
Local `$ref`s (`#/...`) are resolved.
"""
from __future__ import annotations

import copy
import json

import yaml

from rules.errors import Invalid

METHODS = ("get", "post", "put", "patch", "delete")
_MAX_DEPTH = 20


def parse(body) -> dict:
    """The document from a JSON object or a JSON/YAML text body."""
    doc = body
    if isinstance(body, (bytes, str)):
        text = body.decode("utf-8", "replace") if isinstance(body, bytes) else body
        try:
            doc = yaml.safe_load(text)
        except yaml.YAMLError:
            try:
                doc = json.loads(text)
            except ValueError as exc:
                raise Invalid("the body is neither JSON nor YAML",
                              code="invalid_openapi_document") from exc
    if not isinstance(doc, dict) or not str(doc.get("openapi", "")).startswith("3."):
        raise Invalid("the body must be an OpenAPI 3.x document (an `openapi: 3.x` field)",
                      code="invalid_openapi_document")
    if not isinstance(doc.get("paths"), dict):
        raise Invalid("the OpenAPI document has no `paths`", code="invalid_openapi_document")
    return doc


def _resolve(doc: dict, node, depth: int = 0):
    if depth > _MAX_DEPTH:
        return {}
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/"):
            target = doc
            for part in ref[2:].split("/"):
                part = part.replace("~1", "/").replace("~0", "~")
                if not isinstance(target, dict) or part not in target:
                    return {}
                target = target[part]
            return _resolve(doc, copy.deepcopy(target), depth + 1)
        return {k: _resolve(doc, v, depth + 1) for k, v in node.items()}
    if isinstance(node, list):
        return [_resolve(doc, v, depth + 1) for v in node]
    return node


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


def operations(doc: dict) -> tuple[list[dict], list[dict]]:
    """(tool fields to create, skipped operations {method, path, reason})."""
    doc = _resolve(doc, doc)
    tools, skipped = [], []
    for path, item in doc["paths"].items():
        if not isinstance(item, dict):
            continue
        shared = item.get("parameters") or []
        for method, op in item.items():
            if method in ("parameters", "summary", "description", "servers", "$ref"):
                continue
            if method not in METHODS:
                skipped.append({"method": method.upper(), "path": path,
                                "reason": f"method {method.upper()} is not supported"})
                continue
            if not isinstance(op, dict):
                continue
            params = {(p.get("in"), p.get("name")): p for p in shared + (op.get("parameters") or [])
                      if isinstance(p, dict)}
            name = op.get("operationId") or op.get("summary") or f"{method.upper()} {path}"
            tools.append({
                "name": str(name)[:200], "description": op.get("description") or op.get("summary"),
                "method": method.upper(), "path": path,
                "input_schema": _input_schema(list(params.values()), op.get("requestBody")),
                "output_schema": _output_schema(op.get("responses")),
                "operation_id": op.get("operationId"),
                "tags": op.get("tags") or None, "deprecated": bool(op.get("deprecated", False)),
            })
    return tools, skipped

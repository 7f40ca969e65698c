"""A table of bad inputs sent to every operation of openapi.yaml that takes a body or a query
parameter (the list comes from the document, so new operations are covered as they come):
size, depth, encoding, NUL and control characters, huge and negative numbers, wrong and
missing content types, duplicate keys, SQL metacharacters. Each answer is a 4xx problem (a
2xx only for a SQL-looking text filter that matches nothing), small, and nothing is stored;
on SQLite and Postgres alike."""
from __future__ import annotations

import json
import re
import uuid

import peewee
import pytest

from server.app import load_spec
from store import models
from core import db
from tests.conftest import ADMIN_TOKEN

MAX_ANSWER = 4096
_METHODS = ("get", "post", "put", "patch", "delete")
SQL = ["' OR '1'='1", "x'; DROP TABLE tool; --", '" OR ""="', "1 UNION SELECT NULL--", "%_\\"]


def _resolve(spec, node):
    while isinstance(node, dict) and "$ref" in node:
        target = spec
        for part in node["$ref"][2:].split("/"):
            target = target[part]
        node = target
    return node


def _operations():
    spec = load_spec()
    found = []
    for path, item in spec["paths"].items():
        for method in _METHODS:
            op = item.get(method)
            if not isinstance(op, dict):
                continue
            params = [_resolve(spec, p) for p in item.get("parameters", []) + op.get("parameters", [])]
            query = [p for p in params if p.get("in") == "query"]
            body = (op.get("requestBody") or {}).get("content", {}).get("application/json")
            if query or body:
                security = op.get("security", spec.get("security", []))
                classes = {name for req in security for name in req}
                found.append(pytest.param(method, path, op["operationId"], params, query,
                                          _resolve(spec, (body or {}).get("schema")) if body else None,
                                          classes, id=f"{method.upper()} {path}"))
    return found


OPERATIONS = _operations()


def _headers(org, classes) -> dict:
    if "apiKey" in classes or "sessionToken" in classes:
        return {**org["headers"], "X-User-Id": "bad-input-user"}
    if "admin" in classes:
        return {"Authorization": f"Bearer {ADMIN_TOKEN}", "X-Organization-Id": org["id"]}
    return {}


def _url(path, params, org) -> str:
    def value(match):
        name = match.group(1)
        param = next((p for p in params if p.get("in") == "path" and p["name"] == name), {})
        if name == "orgId":
            return org["id"]
        if (param.get("schema") or {}).get("format") == "uuid":
            return str(uuid.uuid4())
        return "nobody"
    return re.sub(r"\{([^}]+)\}", value, path)


def _rows() -> dict:
    counts = {}
    with db.connection():
        for model in vars(models).values():
            if isinstance(model, type) and issubclass(model, peewee.Model) and \
                    model not in (models.BaseModel, models.OrgOwned) and \
                    model.__name__ not in ("UsageCounter", "RegistryVersion"):
                counts[model.__name__] = model.select().count()
    return counts


def _check(resp, *, within: dict | None = None) -> None:
    """A small 4xx problem; with ``within`` (the answer without the parameter) a 200 is
    accepted when its lists hold nothing that answer did not (a SQL-looking text filter or
    cursor matched, at most, what is there: it was not run as SQL)."""
    assert len(resp.content) < MAX_ANSWER, (resp.status_code, len(resp.content))
    if within is not None and resp.status_code == 200:
        for key, value in resp.json().items():
            if isinstance(value, list):
                assert all(item in within.get(key, []) for item in value), resp.text
        return
    assert 400 <= resp.status_code < 500, (resp.status_code, resp.text[:300])
    if resp.request.url.path.startswith("/openai/"):  # OpenAI's error shape there
        assert resp.headers["content-type"].startswith("application/json"), resp.text[:300]
        error = resp.json()["error"]
        assert set(error) == {"message", "type", "param", "code"}, error
        assert re.fullmatch(r"[a-z0-9_]+", error["code"]) and error["message"], error
        return
    assert resp.headers["content-type"].startswith("application/problem+json"), resp.text[:300]
    body = resp.json()
    assert set(body) - {"errors"} == {"type", "title", "status", "detail", "code",
                                      "request_id"}, body
    for error in body.get("errors", []):  # every invalid field: where and which rule
        assert set(error) == {"location", "path", "message"}, body
    assert body["status"] == resp.status_code and re.fullmatch(r"[a-z0-9_]+", body["code"])


def _body_cases(schema, settings):
    props = (schema or {}).get("properties") or {}
    first = next(iter(props), "name")
    base = {first: "x"}
    raw = json.dumps(base)
    return [
        ("too_large", json.dumps({first: "x" * (settings.max_body_bytes + 10)}), "application/json"),
        ("deep", "[" * 10_000 + "]" * 10_000, "application/json"),
        ("deep_in_field", json.dumps({first: "!"})[:-1].replace('"!"', "[" * 100 + "]" * 100) + "}",
         "application/json"),
        ("not_utf8", b'{"' + first.encode() + b'": "\xff\xfe"}', "application/json"),
        ("lone_surrogate", '{"%s": "a\\udc00b"}' % first, "application/json"),
        ("nul", '{"%s": "a\\u0000b"}' % first, "application/json"),
        ("nul_key", '{"a\\u0000": 1}', "application/json"),
        ("huge_number", '{"%s": 1e400}' % first, "application/json"),
        ("huge_negative", '{"%s": -1e400}' % first, "application/json"),
        ("huge_integer", '{"%s": %d}' % (first, 10 ** 30), "application/json"),
        ("huge_negative_integer", '{"%s": -%d}' % (first, 10 ** 30), "application/json"),
        ("nan", '{"%s": NaN}' % first, "application/json"),
        ("duplicate_keys", '{"%s": "x", "%s": "y"}' % (first, first), "application/json"),
        ("sql_key", json.dumps({"x' OR 1=1 --": 1}), "application/json"),
        ("wrong_type", raw, "text/plain"),
        ("form", "a=1&b=2", "application/x-www-form-urlencoded"),
        ("missing_type", raw, None),
        ("not_json", "{nope", "application/json"),
        ("array", "[1, 2]", "application/json"),
    ]


@pytest.mark.parametrize("method, path, operation_id, params, query, schema, classes", OPERATIONS)
def test_bad_input_is_a_small_4xx_and_stores_nothing(client, org, settings, method, path,
                                                      operation_id, params, query, schema,
                                                      classes):
    headers = _headers(org, classes)
    url = _url(path, params, org)
    before = _rows()
    if schema is not None:
        for label, body, content_type in _body_cases(schema, settings):
            sent = {**headers, **({"Content-Type": content_type} if content_type else {})}
            resp = client.request(method.upper(), url, content=body, headers=sent)
            try:
                _check(resp)
            except AssertionError as exc:
                raise AssertionError(f"body case {label}: {exc}") from None
    for param in query:
        kind = (param.get("schema") or {}).get("type")
        fmt = (param.get("schema") or {}).get("format")
        pattern = (param.get("schema") or {}).get("pattern")
        free_text = kind in ("string", None) and not fmt and "enum" not in (param.get("schema") or {})
        accepted = [v for v in SQL if not pattern or re.search(pattern, v)] if free_text else []
        cases = [("nul", "a\x00b"), ("control", "a\x01b"), ("long", "x" * 20_000)]
        if kind in ("integer", "number"):
            cases += [("huge", "9" * 40), ("huge_negative", "-" + "9" * 40), ("negative", "-5"),
                      ("not_a_number", "12abc"), ("float_inf", "1e400")]
        if kind == "boolean":
            cases += [("not_boolean", "maybe")]
        cases += [(f"sql_{i}", s) for i, s in enumerate(SQL) if s not in accepted]
        for label, value in cases:
            resp = client.request(method.upper(), url, params={param["name"]: value},
                                  headers={**headers, **({"Content-Type": "application/json"}
                                                         if schema is not None else {})},
                                  content=b"{}" if schema is not None else None)
            lenient = label == "long" and free_text and "maxLength" not in (param.get("schema") or {})
            if lenient or (label == "negative" and "minimum" not in (param.get("schema") or {})):
                assert resp.status_code < 500 and len(resp.content) < MAX_ANSWER * 64
                continue
            try:
                _check(resp)
            except AssertionError as exc:
                raise AssertionError(f"query {param['name']} case {label}: {exc}") from None
        if free_text and method == "get":
            plain = client.get(url, headers=headers)
            within = plain.json() if plain.status_code == 200 else {}
            for value in accepted:  # valid text: it matches at most what is there
                resp = client.get(url, params={param["name"]: value}, headers=headers)
                try:
                    _check(resp, within=within)
                except AssertionError as exc:
                    raise AssertionError(f"query {param['name']} sql {value!r}: {exc}") from None
    assert _rows() == before

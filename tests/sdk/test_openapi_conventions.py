"""The conventions of openapi.yaml, checked so that they stay true as operations are added.

Generators (openapi-python-client, openapi-typescript) turn the document into SDKs: every
object schema is a named component, unions are named (with a discriminator where a property
tells the branches apart), one nullable style, enums named once, free-form objects say so,
descriptions everywhere, examples that match their schemas, one cursor pagination style.
"""
from __future__ import annotations

import re

import pytest
import yaml
from jsonschema import Draft202012Validator

from runtime.turns.service import EVENT_KINDS
from server.app import SPEC_PATH
from server.openapi31 import FORMAT_CHECKER

METHODS = ("get", "post", "put", "patch", "delete")
NULL = {"type": "null"}
SCHEMA_KEYWORDS = {
    "$ref", "type", "format", "enum", "const", "description", "title", "default", "examples",
    "properties", "required", "additionalProperties", "items", "prefixItems", "oneOf", "anyOf",
    "allOf", "not", "discriminator", "minLength", "maxLength", "pattern", "minimum", "maximum",
    "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minItems", "maxItems", "uniqueItems",
    "minProperties", "maxProperties", "propertyNames", "readOnly", "writeOnly", "deprecated",
    "contentMediaType", "contentSchema", "contentEncoding", "if", "then", "else",
    "x-max-bytes",  # the service's own keyword: a value's size as compact JSON (docs/limits.md)
}


class StrictLoader(yaml.SafeLoader):
    """YAML with string keys only and no key twice in a mapping."""


def _strict_mapping(loader, node, deep=False):
    seen = set()
    for key_node, _ in node.value:
        key = loader.construct_object(key_node, deep=deep)
        if not isinstance(key, str):
            raise yaml.constructor.ConstructorError(
                None, None, f"non-string key {key!r}", key_node.start_mark)
        if key in seen:
            raise yaml.constructor.ConstructorError(
                None, None, f"duplicate key {key!r}", key_node.start_mark)
        seen.add(key)
    return loader.construct_mapping(node, deep=deep)


StrictLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _strict_mapping)


@pytest.fixture(scope="module")
def doc():
    with open(SPEC_PATH, encoding="utf-8") as fh:
        return yaml.load(fh, Loader=StrictLoader)  # noqa: S506 (a SafeLoader subclass)


def operations(doc):
    for path, item in doc["paths"].items():
        for method in METHODS:
            if method in item:
                yield path, method, item[method]


def schemas_in(node, path=()):
    """Every schema object of the document, with where it is."""
    if isinstance(node, dict):
        if path[:2] == ("components", "schemas") and len(path) == 3:
            yield path, node
        for key, value in node.items():
            here = path + (key,)
            if key in ("schema", "items", "additionalProperties", "contentSchema",
                       "propertyNames", "not") and isinstance(value, dict):
                yield here, value
            elif key in ("oneOf", "anyOf", "allOf", "prefixItems") and isinstance(value, list):
                for i, sub in enumerate(value):
                    yield here + (i,), sub
            elif key == "properties" and isinstance(value, dict) and path[-1:] != ("properties",):
                for name, sub in value.items():
                    yield here + (name,), sub
            if key not in ("examples", "example"):
                yield from schemas_in(value, here)
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from schemas_in(value, path + (i,))


def unique_schemas(doc):
    seen = set()
    for path, schema in schemas_in(doc):
        if id(schema) not in seen:
            seen.add(id(schema))
            yield path, schema


def is_top(path):
    return len(path) == 3 and path[:2] == ("components", "schemas")


def deref(doc, schema):
    while "$ref" in schema:
        schema = doc["components"]["schemas"][schema["$ref"].rsplit("/", 1)[1]]
    return schema


def where(path):
    return "/".join(map(str, path))


def test_strict_yaml_and_known_schema_keywords(doc):
    """No junk keys: a one-line `{...}` schema with an unquoted ", " in its description
    turns the rest of the text into keys; every schema key must be a known keyword."""
    bad = [(where(p), sorted(set(s) - SCHEMA_KEYWORDS)) for p, s in unique_schemas(doc)
           if set(s) - SCHEMA_KEYWORDS]
    assert bad == []


def test_every_object_schema_is_a_named_component(doc):
    inline = [where(p) for p, s in unique_schemas(doc)
              if not is_top(p) and (s.get("type") == "object" or "properties" in s)]
    assert inline == []


def test_object_schemas_state_additional_properties(doc):
    """Free-form objects say `additionalProperties: true`; closed ones say false."""
    missing = [name for name, s in doc["components"]["schemas"].items()
               if s.get("type") == "object" and "additionalProperties" not in s]
    assert missing == []


SCALARS = ("string", "integer", "number", "boolean")


def test_one_nullable_style(doc):
    """Nullable is `oneOf: [X, {type: 'null'}]` everywhere: no type lists, no `nullable`, no
    null in an enum, and `{type: 'null'}` only as the second branch of such a pair; as the last
    branch of a named union of scalars (`SdkUiValue`: openapi-generator's typescript-fetch
    compiles that one, not a pair of it and null); or as the one branch of the named always-null
    schema (`AlwaysNull`, `oneOf: [{type: 'null'}]`: openapi-generator's python generator fails
    on a bare `{type: 'null'}`, its typescript-fetch on an inline one-branch union)."""
    for path, s in unique_schemas(doc):
        assert not isinstance(s.get("type"), list), where(path)
        assert "nullable" not in s, where(path)
        assert None not in s.get("enum", []), where(path)
        for key in ("oneOf", "anyOf"):
            branches = s.get(key, [])
            if branches == [NULL]:
                assert key == "oneOf" and set(s) == {"oneOf", "description"}, where(path)
                assert is_top(path), f"{where(path)}: refer to AlwaysNull"
            elif NULL in branches and len(branches) > 2:
                scalars = all(b.get("type") in SCALARS and "$ref" not in b for b in branches[:-1])
                assert key == "oneOf" and is_top(path) and scalars and branches[-1] == NULL, (
                    where(path))
            elif NULL in branches:
                assert key == "oneOf" and len(branches) == 2 and branches[1] == NULL, where(path)


def test_unions_are_named_components(doc):
    """A union other than a nullable pair is a named component, its branches named too."""
    for path, s in unique_schemas(doc):
        for key in ("oneOf", "anyOf"):
            branches = s.get(key)
            if branches is None or NULL in branches:
                continue
            assert is_top(path), f"{where(path)}: an inline union"
            for branch in branches:
                assert "$ref" in branch or branch.get("type") in ("string", "integer",
                                                                   "number", "boolean"), where(path)


def test_unions_told_apart_by_a_property_have_a_discriminator(doc):
    for name, s in doc["components"]["schemas"].items():
        branches = s.get("oneOf")
        if not branches or NULL in branches or not all("$ref" in b for b in branches):
            continue
        targets = [deref(doc, b) for b in branches]
        common = set.intersection(*(set(t.get("required", [])) for t in targets))
        telling = [p for p in common
                   if all("const" in deref(doc, t["properties"][p]) for t in targets)]
        if not telling:
            continue
        disc = s.get("discriminator")
        assert disc and disc["propertyName"] in telling, name
        mapping = disc.get("mapping", {})
        for branch, target in zip(branches, targets):
            value = deref(doc, target["properties"][disc["propertyName"]])["const"]
            assert mapping.get(value) == branch["$ref"], (name, value)


def test_enums_are_named_once(doc):
    """Each enum is a named component (generators make one class of it, not one per use)."""
    inline = [where(p) for p, s in unique_schemas(doc) if "enum" in s and not is_top(p)]
    assert inline == []
    values = [tuple(s["enum"]) for s in doc["components"]["schemas"].values() if "enum" in s]
    assert len(values) == len(set(values))


def test_no_default_on_a_union(doc):
    """A default must not change a value's type (a `{}` default of an object-or-string)."""
    for path, s in unique_schemas(doc):
        if "default" in s:
            assert "oneOf" not in s and "anyOf" not in s, where(path)


def request_schemas(doc, schema):
    schema = deref(doc, schema)
    branches = schema.get("oneOf")
    if branches:
        return [deref(doc, b) for b in branches if b != NULL]
    return [schema]


def test_request_fields_with_defaults_are_optional(doc):
    for path, method, op in operations(doc):
        for media in op.get("requestBody", {}).get("content", {}).values():
            for schema in request_schemas(doc, media["schema"]):
                for name, prop in schema.get("properties", {}).items():
                    if "default" in deref(doc, prop) or "default" in prop:
                        assert name not in schema.get("required", []), (path, method, name)


def test_request_bodies_are_closed_objects(doc):
    """Unknown fields are refused (400), except in the imported OpenAPI document."""
    for path, method, op in operations(doc):
        media = op.get("requestBody", {}).get("content", {}).get("application/json")
        if not media:
            continue
        for schema in request_schemas(doc, media["schema"]):
            # the imported OpenAPI document, and another system's webhook payload
            expected = op["operationId"] in ("import_tool_provider", "receive_hook")
            assert schema.get("additionalProperties") is expected, (path, method)


def test_descriptions_everywhere(doc):
    missing = []
    for path, method, op in operations(doc):
        if not op.get("description"):
            missing.append(f"{method} {path}")
        for param in op.get("parameters", []) + doc["paths"][path].get("parameters", []):
            if "$ref" not in param and not param.get("description"):
                missing.append(f"{method} {path} parameter {param['name']}")
    for name, param in doc["components"]["parameters"].items():
        if not param.get("description"):
            missing.append(f"parameter {name}")
    for path, s in unique_schemas(doc):
        for name, prop in s.get("properties", {}).items():
            if not prop.get("description"):
                missing.append(f"{where(path)}.{name}")
    assert missing == []


def validator(doc, schema):
    return Draft202012Validator({**schema, "components": doc["components"]},
                                format_checker=FORMAT_CHECKER)


def example_values(doc, media):
    for name, example in media.get("examples", {}).items():
        if "$ref" in example:
            example = doc["components"]["examples"][example["$ref"].rsplit("/", 1)[1]]
        yield name, example["value"]


def test_examples_on_request_bodies_and_2xx_responses_match_their_schemas(doc):
    checked = 0
    for path, method, op in operations(doc):
        medias = list(op.get("requestBody", {}).get("content", {}).items())
        for status, response in op["responses"].items():
            if status.startswith("2"):
                medias += list(response.get("content", {}).items())
        for media_type, media in medias:
            values = list(example_values(doc, media))
            assert values, f"{method} {path} {media_type}: no examples"
            for name, value in values:
                errors = [e.message for e in validator(doc, media["schema"]).iter_errors(value)]
                assert errors == [], (method, path, media_type, name)
                checked += 1
    assert checked > 100


def test_info_names_license_and_contact(doc):
    assert doc["info"]["license"]["identifier"]
    assert doc["info"]["contact"]["name"]


def test_every_list_uses_cursor_pagination(doc):
    """`limit` + `cursor` in, `next_cursor` out, on every operation that returns a list."""
    parameters = doc["components"]["parameters"]
    assert (parameters["Limit"]["name"], parameters["Cursor"]["name"]) == ("limit", "cursor")
    lists = 0
    for path, method, op in operations(doc):
        names = {p.get("name") for p in op.get("parameters", [])}
        assert not names & {"offset", "page", "page_size", "per_page"}, (method, path)
        ok = op["responses"].get("200", {}).get("content", {}).get("application/json")
        if not ok:
            continue
        schema = deref(doc, ok["schema"])
        arrays = [n for n, p in schema.get("properties", {}).items()
                  if deref(doc, p).get("type") == "array"]
        if method != "get" or not arrays or "next_cursor" not in schema.get("properties", {}):
            assert "next_cursor" not in schema.get("properties", {}), (method, path)
            continue
        lists += 1
        refs = {p.get("$ref") for p in op["parameters"]}
        assert {"#/components/parameters/Limit", "#/components/parameters/Cursor"} <= refs, path
        assert set(schema["required"]) == {*arrays, "next_cursor"}, path
        assert not {"total", "offset", "limit"} & set(schema["properties"]), path
    assert lists >= 13


def test_chat_events_are_typed(doc):
    """Every event kind of the chat stream is a named schema with an example that matches it,
    reached from the text/event-stream response of GET /v1/chat/stream."""
    media = doc["paths"]["/v1/chat/stream"]["get"]["responses"]["200"]["content"]
    assert media["text/event-stream"]["schema"]["contentSchema"] == {
        "$ref": "#/components/schemas/ChatEvent"}
    union = doc["components"]["schemas"]["ChatEvent"]
    mapping = union["discriminator"]["mapping"]
    assert set(mapping) == set(EVENT_KINDS)
    for kind, ref in mapping.items():
        schema = deref(doc, {"$ref": ref})
        assert schema["properties"]["event"]["const"] == kind
        assert schema["examples"], kind
        for value in schema["examples"]:
            assert [e.message for e in validator(doc, {"$ref": ref}).iter_errors(value)] == []


def test_operation_ids_are_snake_case_and_unique(doc):
    ids = [op["operationId"] for _, _, op in operations(doc)]
    assert len(ids) == len(set(ids))
    assert all(re.fullmatch(r"[a-z][a-z0-9_]*", i) for i in ids)

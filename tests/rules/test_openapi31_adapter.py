"""The OpenAPI 3.1 adapter: Connexion 3.3 serving a 3.1 document with Draft 2020-12 validation."""
import connexion
import pytest
from openapi_spec_validator.validation.exceptions import OpenAPIValidationError

from server import errors, openapi31

ITEM = {
    "type": "object",
    "additionalProperties": False,
    "required": ["name", "id"],
    "properties": {
        "name": {"type": "string", "minLength": 1},
        "note": {"type": ["string", "null"]},
        "kind": {"type": "string", "enum": ["a", "b"]},
        "count": {"type": "integer", "minimum": 1, "maximum": 10},
        "id": {"type": "string", "format": "uuid"},
        "at": {"type": "string", "format": "date-time"},
    },
}

SPEC = {
    "openapi": "3.1.0",
    "info": {"title": "adapter test", "version": "1.0.0"},
    "paths": {
        "/items": {
            "post": {
                "operationId": "tests.rules.test_openapi31_adapter.echo",
                "parameters": [
                    {"name": "limit", "in": "query", "schema": {"type": "integer", "minimum": 1, "maximum": 5}},
                    {"name": "ref", "in": "query", "schema": {"type": "string", "format": "uuid"}},
                ],
                "requestBody": {"required": True, "content": {"application/json": {"schema": ITEM}}},
                "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": ITEM}}}},
            }
        },
        "/bad-response": {
            "get": {
                "operationId": "tests.rules.test_openapi31_adapter.bad",
                "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": ITEM}}}},
            }
        },
    },
}

GOOD = {"name": "x", "id": "6f1c1e9e-2a7b-4c1d-9a53-3d1f2b8e9a10"}


def echo(body, limit=None, ref=None):
    return body, 200, {"Content-Type": "application/json"}


def bad():
    return {"name": "", "id": "not-a-uuid"}, 200, {"Content-Type": "application/json"}


@pytest.fixture(scope="module")
def adapter_client():
    openapi31.install()
    app = connexion.AsyncApp(__name__)
    app.add_api(SPEC, strict_validation=True, validate_responses=True,
                validator_map=openapi31.VALIDATOR_MAP)
    errors.register(app)
    with app.test_client() as client:
        yield client


def test_a_3_1_document_loads_and_valid_bodies_pass(adapter_client):
    body = {**GOOD, "note": None, "kind": "a", "count": 3, "at": "2026-11-21T10:00:00Z"}
    resp = adapter_client.post("/items?limit=2", json=body)
    assert resp.status_code == 200, resp.text
    assert resp.json() == body


@pytest.mark.parametrize("patch, fragment", [
    ({"extra": 1}, "Additional properties"),
    ({"name": ""}, "non-empty"),
    ({"note": 5}, "not of type"),
    ({"kind": "c"}, "is not one of"),
    ({"count": 0}, "minimum"),
    ({"count": 11}, "maximum"),
    ({"id": "1234"}, "uuid"),
    ({"id": "6f1c1e9e2a7b4c1d9a533d1f2b8e9a10"}, "uuid"),
    ({"at": "yesterday"}, "date-time"),
    ({"at": "2026-13-01T00:00:00Z"}, "date-time"),
])
def test_each_keyword_is_enforced(adapter_client, patch, fragment):
    resp = adapter_client.post("/items", json={**GOOD, **patch})
    assert resp.status_code == 400
    assert resp.headers["content-type"].startswith("application/problem+json")
    assert fragment in resp.json()["detail"]


def test_query_parameters_are_validated_and_unknown_ones_rejected(adapter_client):
    assert adapter_client.post("/items?limit=9", json=GOOD).status_code == 400
    assert adapter_client.post("/items?ref=nope", json=GOOD).status_code == 400
    unknown = adapter_client.post("/items?other=1", json=GOOD)
    assert unknown.status_code == 400 and "other" in unknown.json()["detail"]


def test_malformed_and_non_utf8_bodies_are_400(adapter_client):
    headers = {"Content-Type": "application/json"}
    assert adapter_client.post("/items", content=b"{nope", headers=headers).status_code == 400
    resp = adapter_client.post("/items", content=b'{"name": "\xff"}', headers=headers)
    assert resp.status_code == 400 and "UTF-8" in resp.json()["detail"]


def test_response_validation_catches_nonconforming_responses(adapter_client):
    resp = adapter_client.get("/bad-response")
    assert resp.status_code == 500
    assert resp.json()["code"] == "internal_error"


def test_invalid_3_1_documents_are_refused():
    openapi31.install()
    broken = {**SPEC, "paths": {"/x": {"get": {"responses": {"200": {"description": 5}}}}}}
    app = connexion.AsyncApp(__name__)
    with pytest.raises(OpenAPIValidationError):
        app.add_api(broken, validator_map=openapi31.VALIDATOR_MAP)

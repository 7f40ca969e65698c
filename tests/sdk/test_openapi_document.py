"""openapi.yaml is the source of truth: valid 3.1, every operation routed and secured."""
import importlib

import yaml
from openapi_spec_validator import validate

from server.app import SPEC_PATH, operation_modules

METHODS = {"get", "post", "put", "patch", "delete"}


def load():
    with open(SPEC_PATH) as fh:
        return yaml.safe_load(fh)


def operations(spec):
    for path, item in spec["paths"].items():
        for method, op in item.items():
            if method in METHODS:
                yield path, method, op


def test_document_is_valid_openapi_3_1():
    spec = load()
    validate(spec)
    assert spec["openapi"] == "3.1.0"
    assert spec["info"]["version"] == "1.0.0"
    assert set(spec["components"]["securitySchemes"]) == {"apiKey", "sessionToken", "admin"}
    problem = spec["components"]["schemas"]["Problem"]
    assert set(problem["required"]) == {"type", "title", "status", "detail", "code",
                                        "request_id"}


def test_every_operation_resolves_to_a_handler_named_after_it():
    spec = load()
    modules = operation_modules(spec)
    for path, method, op in operations(spec):
        module = importlib.import_module(f"handlers.{modules[op['operationId']]}")
        assert callable(getattr(module, op["operationId"], None)), (path, method)


def test_every_operation_declares_security_and_problem_errors():
    spec = load()
    for path, method, op in operations(spec):
        assert "security" in op, f"{method} {path} must list its credential classes"
        for status, response in op["responses"].items():
            if int(status) >= 400:
                assert "$ref" in response or "application/problem+json" in response["content"], (
                    path, method, status)
        if op["security"]:
            assert "401" in op["responses"] and "403" in op["responses"], (path, method)


# the body is a whole OpenAPI document supplied by the user, or another system's webhook payload
FREE_FORM_BODIES = {"import_tool_provider", "receive_hook"}


def test_request_bodies_reject_unknown_properties():
    spec = load()
    schemas = spec["components"]["schemas"]
    for path, method, op in operations(spec):
        body = op.get("requestBody", {}).get("content", {}).get("application/json")
        if not body:
            continue
        schema = body["schema"]
        if "$ref" in schema:
            schema = schemas[schema["$ref"].rsplit("/", 1)[1]]
        if schema.get("type") == "object":
            if op["operationId"] in FREE_FORM_BODIES:
                assert schema.get("additionalProperties") is True, (path, method)
            else:
                assert schema.get("additionalProperties") is False, (path, method)


def test_document_and_ui_are_served_without_auth(client):
    resp = client.get("/openapi.json")
    assert resp.status_code == 200
    assert resp.json()["openapi"] == "3.1.0"
    ui = client.get("/ui/")
    assert ui.status_code == 200 and "swagger" in ui.text.lower()


def test_served_documents_are_the_document_as_written(client):
    """Refs kept (generators name classes after the components), `servers` is where it is
    served; JSON and YAML say the same."""
    written = load()
    for path, parse in (("/openapi.json", lambda r: r.json()),
                        ("/openapi.yaml", lambda r: yaml.safe_load(r.text))):
        resp = client.get(path, headers={"Host": "api.example.test:8443"})
        assert resp.status_code == 200, path
        served = parse(resp)
        assert served["servers"] == [{"url": "http://api.example.test:8443",
                                      "description": "This server."}]
        assert {k: v for k, v in served.items() if k != "servers"} == {
            k: v for k, v in written.items() if k != "servers"}
        assert '"$ref"' in resp.text or "$ref:" in resp.text
    assert client.get("/openapi.yaml").headers["content-type"].startswith("application/yaml")


def test_integer_query_parameters_are_bounded():
    """Unbounded integers reach the database (SQLite integers are 64-bit): every integer query
    parameter declares a maximum."""
    for path, method, op in operations(load()):
        for param in op.get("parameters", []):
            schema = param.get("schema", {})
            if param.get("in") == "query" and schema.get("type") == "integer":
                assert "maximum" in schema, (method, path, param["name"])


def test_swagger_ui_5_ships_with_the_package(client):
    """/ui/ is Swagger UI 5 (OpenAPI 3.1), vendored under server/static and packaged with the
    server (no outside network, no 4.x bundle)."""
    import tomllib
    from pathlib import Path

    root = Path(SPEC_PATH).parent
    config = tomllib.loads((root / "pyproject.toml").read_text())
    assert "static/swagger-ui/*" in config["tool"]["setuptools"]["package-data"]["server"]
    static = root / "server" / "static" / "swagger-ui"
    assert (static / "VERSION").read_text().startswith("swagger-ui-dist 5.")
    page = client.get("/ui/").text
    assert 'src="swagger-ui-bundle.js"' in page and "http" not in page.split("<body>")[1]
    bundle = client.get("/ui/swagger-ui-bundle.js")
    assert bundle.status_code == 200 and len(bundle.content) > 1_000_000

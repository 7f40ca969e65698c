"""Every 4xx/5xx is application/problem+json {type, title, status, detail, code}."""
from store import orgs
from tests.factories import ADMIN, assert_problem, make_org


def test_unknown_route_is_404(client):
    assert_problem(client.get("/v1/nothing-here"), 404, "route_not_found")


def test_wrong_method_is_405_with_allow_header(client):
    org = make_org(client)
    resp = client.delete("/v1/organization", headers=org["headers"])
    assert_problem(resp, 405, "method_not_allowed")
    assert "GET" in resp.headers["allow"]


def test_wrong_content_type_is_415(client):
    resp = client.post("/v1/admin/orgs", content=b"name=x",
                       headers={**ADMIN, "Content-Type": "application/x-www-form-urlencoded"})
    assert_problem(resp, 415, "unsupported_media_type")


def test_malformed_json_is_400(client):
    resp = client.post("/v1/admin/orgs", content=b'{"name": ',
                       headers={**ADMIN, "Content-Type": "application/json"})
    assert_problem(resp, 400, "invalid_request")


def test_non_utf8_json_is_400(client):
    resp = client.post("/v1/admin/orgs", content=b'{"name": "\xff\xfe"}',
                       headers={**ADMIN, "Content-Type": "application/json"})
    assert_problem(resp, 400, "invalid_request")


def test_schema_violations_are_400(client):
    assert_problem(client.post("/v1/admin/orgs", json={}, headers=ADMIN), 400)
    assert_problem(client.post("/v1/admin/orgs", json={"name": ""}, headers=ADMIN), 400)
    assert_problem(client.post("/v1/admin/orgs", json={"name": "a", "plan": "x"}, headers=ADMIN), 400)
    assert_problem(client.post("/v1/admin/orgs/not-a-uuid/api-keys", json={}, headers=ADMIN), 400)


def test_unknown_query_parameters_are_400(client):
    org = make_org(client)
    resp = client.get("/v1/organization?verbose=1", headers=org["headers"])
    assert "verbose" in assert_problem(resp, 400, "invalid_request")["detail"]


def test_internal_errors_disclose_nothing(client, monkeypatch, caplog):
    org = make_org(client)

    def explode(**_):
        raise RuntimeError("db password is hunter2")

    monkeypatch.setattr(orgs, "get", explode)
    resp = client.get("/v1/organization", headers=org["headers"])
    body = assert_problem(resp, 500, "internal_error")
    assert "hunter2" not in resp.text and "RuntimeError" not in resp.text
    assert body["detail"] == "the server could not complete the request"


def test_an_optional_body_may_be_omitted_but_not_null(client):
    org = make_org(client)
    url = f"/v1/admin/orgs/{org['id']}/api-keys"
    assert client.post(url, headers=ADMIN).status_code == 201
    resp = client.post(url, content=b"null", headers={**ADMIN, "Content-Type": "application/json"})
    assert_problem(resp, 400, "invalid_request")


def test_allow_lists_every_method_the_document_declares(client):
    from server.app import load_spec

    org = make_org(client)
    multi = [(p, [m for m in ("get", "post", "patch", "put", "delete") if m in item])
             for p, item in load_spec()["paths"].items() if len(set(item) & {"get", "post", "patch", "put", "delete"}) > 1]
    assert multi, "the document has paths with several methods"
    for template, methods in multi:
        path = template.replace("{", "").replace("}", "")
        resp = client.options(path, headers=org["headers"])
        assert resp.status_code == 405
        allowed = {m.strip() for m in resp.headers["allow"].split(",")}
        assert {m.upper() for m in methods} <= allowed, (template, allowed)

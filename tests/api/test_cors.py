"""CORS: only for the organization's listed browser origins, only on operations a session
token reaches, never for the API key; the chat stream readable cross-origin."""
from __future__ import annotations

import pytest

from tests.factories import assert_problem, bearer, make_org
from tests.factories_chat import make_agent, post_chat, wait_turn
from tests.factories_identity import mint

APP = "https://app.example.com"
OTHER = "https://evil.example.net"
EXPOSED = {"x-request-id", "etag", "ratelimit", "ratelimit-policy", "retry-after"}


@pytest.fixture(scope="module")
def orgs(client):
    a, b = make_org(client), make_org(client)
    resp = client.put("/v1/organization/cors", headers=a["headers"],
                      json={"allowed_origins": [APP + "/", "HTTP://LOCALHOST:5173",
                                                "https://app.example.com:443"]})
    assert resp.status_code == 200, resp.text
    return a, b


def preflight(client, path, method, origin=APP, headers="authorization, content-type"):
    return client.options(path, headers={"Origin": origin,
                                         "Access-Control-Request-Method": method,
                                         "Access-Control-Request-Headers": headers})


def test_the_org_setting_is_normalized_and_read_back(client, orgs):
    a, b = orgs
    got = client.get("/v1/organization/cors", headers=a["headers"]).json()
    assert got == {"allowed_origins": ["http://localhost:5173", APP]}  # sorted, once each
    assert client.get("/v1/organization/cors", headers=b["headers"]).json() == {
        "allowed_origins": []}


def test_the_setting_is_for_the_api_key_only(client, orgs):
    a, _ = orgs
    token = mint(client, a)["access_token"]
    assert_problem(client.get("/v1/organization/cors", headers=bearer(token)), 403)
    assert_problem(client.put("/v1/organization/cors", headers=bearer(token),
                              json={"allowed_origins": [OTHER]}), 403)


def test_bad_origins_are_refused(client, orgs):
    a, _ = orgs
    for bad in ["app.example.com", "ftp://x.example", "https://x.example/path", "*"]:
        resp = client.put("/v1/organization/cors", headers=a["headers"],
                          json={"allowed_origins": [bad]})
        assert_problem(resp, 400)


def test_preflight_of_a_session_operation_from_a_listed_origin(client, orgs):
    resp = preflight(client, "/v1/chat", "POST")
    assert resp.status_code == 204, resp.text
    assert resp.headers["access-control-allow-origin"] == APP
    assert "POST" in resp.headers["access-control-allow-methods"]
    allowed = {h.strip() for h in resp.headers["access-control-allow-headers"].split(",")}
    assert {"authorization", "content-type", "idempotency-key", "if-match",
            "last-event-id", "x-request-id"} <= allowed
    assert int(resp.headers["access-control-max-age"]) > 0
    assert resp.headers["x-request-id"]


def test_preflight_of_the_chat_stream_and_the_token_refresh(client, orgs):
    for path, method in (("/v1/chat/stream", "GET"), ("/v1/chat/stream", "DELETE"),
                         ("/v1/sessions/refresh", "POST"),
                         ("/v1/agents/3fa85f64-5717-4562-b3fc-2c963f66afa6", "GET")):
        resp = preflight(client, path, method)
        assert resp.status_code == 204, (path, method)
        assert resp.headers["access-control-allow-origin"] == APP


def test_no_preflight_for_api_key_operations(client, orgs):
    for path, method in (("/v1/agents", "POST"), ("/v1/organization/cors", "PUT"),
                         ("/v1/organization/cors", "GET"), ("/v1/sessions", "POST"),
                         ("/v1/admin/orgs", "POST"), ("/v1/users", "GET"),
                         ("/v1/agents/3fa85f64-5717-4562-b3fc-2c963f66afa6", "PATCH")):
        resp = preflight(client, path, method)
        assert_problem(resp, 403, "cors_not_allowed")
        assert "access-control-allow-origin" not in resp.headers, (path, method)


def test_no_preflight_for_an_unlisted_origin(client, orgs):
    resp = preflight(client, "/v1/chat", "POST", origin=OTHER)
    assert_problem(resp, 403, "cors_not_allowed")
    assert "access-control-allow-origin" not in resp.headers


def test_an_options_request_that_is_no_preflight_is_still_405(client, orgs):
    assert_problem(client.options("/v1/chat"), 405)


def test_session_requests_from_a_listed_origin_are_readable(client, orgs):
    a, _ = orgs
    token = mint(client, a)["access_token"]
    resp = client.get("/v1/agents", headers={**bearer(token), "Origin": APP})
    assert resp.status_code == 200
    assert resp.headers["access-control-allow-origin"] == APP
    exposed = {h.strip().lower() for h in resp.headers["access-control-expose-headers"].split(",")}
    assert EXPOSED <= exposed
    assert "origin" in resp.headers["vary"].lower()
    # an error of the same caller is readable too (the browser can show why)
    resp = client.get("/v1/agents/3fa85f64-5717-4562-b3fc-2c963f66afa6",
                      headers={**bearer(token), "Origin": APP})
    assert_problem(resp, 404)
    assert resp.headers["access-control-allow-origin"] == APP
    resp = client.get("/v1/agents?limit=0", headers={**bearer(token), "Origin": APP})
    assert_problem(resp, 400)
    assert resp.headers["access-control-allow-origin"] == APP


def test_an_expired_or_bogus_token_from_a_listed_origin_gets_a_readable_401(client, orgs):
    resp = client.get("/v1/agents", headers={**bearer("st_bogus.token"), "Origin": APP})
    assert_problem(resp, 401)
    assert resp.headers["access-control-allow-origin"] == APP
    resp = client.get("/v1/agents", headers={**bearer("st_bogus.token"), "Origin": OTHER})
    assert "access-control-allow-origin" not in resp.headers


def test_the_api_key_never_gets_cors(client, orgs):
    a, _ = orgs
    for method, path in (("GET", "/v1/agents"), ("GET", "/v1/organization/cors"),
                         ("GET", "/v1/organization")):
        resp = client.request(method, path, headers={**a["headers"], "Origin": APP})
        assert resp.status_code == 200
        assert "access-control-allow-origin" not in resp.headers, path


def test_another_orgs_origin_is_not_this_orgs(client, orgs):
    _, b = orgs
    token = mint(client, b)["access_token"]
    resp = client.get("/v1/agents", headers={**bearer(token), "Origin": APP})
    assert resp.status_code == 200
    assert "access-control-allow-origin" not in resp.headers


def test_an_unlisted_origin_gets_nothing(client, orgs):
    a, _ = orgs
    token = mint(client, a)["access_token"]
    resp = client.get("/v1/agents", headers={**bearer(token), "Origin": OTHER})
    assert resp.status_code == 200
    assert "access-control-allow-origin" not in resp.headers


def test_the_chat_stream_is_readable_cross_origin(client, orgs):
    a, _ = orgs
    agent = make_agent(client, a["headers"])
    session = mint(client, a, "stream-user")
    headers = {**bearer(session["access_token"]), "Origin": APP}
    turn = post_chat(client, headers, "hello", agent_id=agent["id"])
    wait_turn(client, bearer(session["access_token"]), turn["thread"]["id"])
    with client.stream("GET", "/v1/chat/stream", params={"thread_id": turn["thread"]["id"]},
                       headers=headers) as resp:
        assert resp.status_code == 200
        assert resp.headers["content-type"].startswith("text/event-stream")
        assert resp.headers["access-control-allow-origin"] == APP
        body = b"".join(resp.iter_bytes())
    assert b"run.completed" in body


def test_turning_cors_off(client):
    c = make_org(client)
    client.put("/v1/organization/cors", headers=c["headers"],
               json={"allowed_origins": ["https://only-c.example"]})
    assert preflight(client, "/v1/chat", "POST", origin="https://only-c.example").status_code == 204
    client.put("/v1/organization/cors", headers=c["headers"], json={"allowed_origins": []})
    assert preflight(client, "/v1/chat", "POST", origin="https://only-c.example").status_code == 403

"""Plain factory functions over the HTTP API."""
from __future__ import annotations

import uuid

from tests.conftest import ADMIN_TOKEN

ADMIN = {"Authorization": f"Bearer {ADMIN_TOKEN}"}


def bearer(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


def make_org(client, name: str | None = None) -> dict:
    """Create an org and an API key for it; returns {id, name, key, key_id, headers}."""
    resp = client.post("/v1/admin/orgs", json={"name": name or f"org-{uuid.uuid4().hex[:6]}"},
                       headers=ADMIN)
    assert resp.status_code == 201, resp.text
    org = resp.json()
    resp = client.post(f"/v1/admin/orgs/{org['id']}/api-keys", json={"name": "test"},
                       headers=ADMIN)
    assert resp.status_code == 201, resp.text
    key = resp.json()
    return {**org, "key": key["key"], "key_id": key["id"], "headers": bearer(key["key"])}


def assert_problem(resp, status: int, code: str | None = None) -> dict:
    assert resp.status_code == status, resp.text
    assert resp.headers["content-type"].startswith("application/problem+json")
    body = resp.json()
    assert set(body) - {"errors"} == {"type", "title", "status", "detail", "code", "request_id"}
    if "errors" in body:  # a 400 of request validation: every invalid field
        assert status == 400 and body["errors"], body
        assert all(set(e) == {"location", "path", "message"} for e in body["errors"]), body
    assert body["request_id"] == resp.headers["x-request-id"]
    assert body["status"] == status
    if code:
        assert body["code"] == code, body
    assert "Traceback" not in resp.text
    return body


def pages(client, url: str, key: str, headers: dict, limit: int = 200) -> list[list]:
    """Every page of a list, following `next_cursor`: a list of pages of items."""
    out, cursor = [], None
    joiner = "&" if "?" in url else "?"
    while True:
        query = f"{joiner}limit={limit}" + (f"&cursor={cursor}" if cursor else "")
        resp = client.get(url + query, headers=headers)
        assert resp.status_code == 200, resp.text
        body = resp.json()
        assert set(body) == {key, "next_cursor"}, body.keys()
        out.append(body[key])
        cursor = body["next_cursor"]
        if cursor is None:
            return out


def list_all(client, url: str, key: str, headers: dict) -> list:
    """Every item of a list, across its pages."""
    return [item for page in pages(client, url, key, headers) for item in page]

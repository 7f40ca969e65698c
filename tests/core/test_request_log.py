"""Structured request logs: method, path, status, duration, org id; never a token."""
import json
import logging

from server.logs import JsonFormatter
from tests.factories import make_org


def test_each_request_is_logged_without_the_token(client, caplog):
    org = make_org(client)
    caplog.clear()
    with caplog.at_level(logging.INFO, logger="agent_platform.request"):
        client.get("/v1/organization", headers=org["headers"])
        client.get("/v1/organization", headers={"Authorization": "Bearer ap_wrong-secret-123"})
    records = [r for r in caplog.records if r.name == "agent_platform.request"]
    assert len(records) == 2
    ok, denied = (r.fields for r in records)
    assert ok["method"] == "GET" and ok["path"] == "/v1/organization"
    assert ok["status"] == 200 and ok["org_id"] == org["id"] and ok["duration_ms"] >= 0
    assert denied["status"] == 401 and denied["org_id"] is None
    lines = [JsonFormatter().format(r) for r in records]
    for line in lines:
        json.loads(line)
        assert org["key"] not in line and "ap_wrong-secret-123" not in line

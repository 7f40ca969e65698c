"""Clients that send an old or wrong shape get a clear problem+json (400), never a silent
misread: offset pages, a group's former `name`, chat requests naming both or neither target,
step inputs of the wrong type."""
from __future__ import annotations

import uuid

from tests.factories import assert_problem, make_org


def test_offset_pages_are_refused_with_the_parameter_named(client):
    org = make_org(client)
    for url in ("/v1/tools?offset=10", "/v1/agents?offset=0", "/v1/copilots?limit=10&offset=5"):
        body = assert_problem(client.get(url, headers=org["headers"]), 400)
        assert "offset" in body["detail"], body
    body = assert_problem(client.get("/v1/tools?limit=1000", headers=org["headers"]), 400)
    assert "limit" in body["detail"] and "200" in body["detail"], body


def test_a_groups_former_name_field_is_refused(client):
    org = make_org(client)
    body = assert_problem(client.post("/v1/groups", json={"group_id": "g1", "name": "Old"},
                                      headers=org["headers"]), 400)
    assert "'name' was unexpected" in body["detail"], body
    made = client.post("/v1/groups", json={"group_id": "g1", "display_name": "New"},
                       headers=org["headers"])
    assert made.status_code == 201 and made.json()["group"]["display_name"] == "New"


def test_chat_requests_name_exactly_one_target(client):
    org = make_org(client)
    headers = {**org["headers"], "X-User-Id": "u1"}
    both = {"agent_id": str(uuid.uuid4()), "copilot_id": str(uuid.uuid4()), "message": "hi"}
    assert_problem(client.post("/v1/chat", json=both, headers=headers), 400)
    assert_problem(client.post("/v1/chat", json={"message": "hi"}, headers=headers), 400)
    body = assert_problem(client.post("/v1/chat", json={"agent_id": "nope", "message": "hi"},
                                      headers=headers), 400)
    assert "agent_id" in body["detail"] or "uuid" in body["detail"], body


def test_nullable_fields_say_which_types_they_take(client):
    org = make_org(client)
    body = assert_problem(client.post("/v1/users", json={"user_id": "u2", "display_name": 5},
                                      headers=org["headers"]), 400)
    assert "is not of type 'string', 'null'" in body["detail"], body
    body = assert_problem(client.post("/v1/users", json={"user_id": "u3",
                                                         "display_name": "x" * 201},
                                      headers=org["headers"]), 400)
    # the rule and the field are named, never the value
    assert "is longer than 200 characters (maxLength) - 'display_name'" in body["detail"], body
    assert "x" * 20 not in body["detail"], body

"""Document bombs, malformed JSON, NUL bytes, size limits and the SQLite file mode: each a
clear 4xx problem (never a 500), refused before anything is stored, on both backends."""
from __future__ import annotations

import json
import os
import stat
import threading
import time
import tracemalloc

import pytest

from core import db
from store.models import Agent, Tool
from tests.factories import assert_problem
from tests.factories_tools import make_provider

JSON = {"Content-Type": "application/json"}


def _count(model) -> int:
    with db.connection():
        return model.select().count()


def _yaml_bomb(levels: int = 8) -> str:
    lines = ['openapi: "3.0.0"', 'info: {title: t, version: "1"}', 'x0: &a0 ["lol"]']
    for i in range(1, levels + 1):
        lines.append(f"x{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]")
    lines.append(f"paths:\n  /a:\n    get:\n      description: *a{levels}\n      responses: {{}}")
    return "\n".join(lines)


def _ref_bomb(levels: int = 8) -> dict:
    schemas = {"s0": {"type": "string", "description": "lol"}}
    for i in range(1, levels + 1):
        schemas[f"s{i}"] = {"type": "object", "properties": {
            f"p{j}": {"$ref": f"#/components/schemas/s{i - 1}"} for j in range(10)}}
    ok = {"200": {"description": "ok", "content": {"application/json": {
        "schema": {"$ref": f"#/components/schemas/s{levels}"}}}}}
    return {"openapi": "3.0.0", "info": {"title": "t", "version": "1"},
            "paths": {"/a": {"get": {"operationId": "bomb", "responses": ok}}},
            "components": {"schemas": schemas}}


def _timed(call):
    """(response, seconds of CPU this process spent, wall seconds, peak extra bytes allocated
    while answering). The request is served in this process (the test client)."""
    tracemalloc.start()
    try:
        cpu, started = time.process_time(), time.perf_counter()
        resp = call()
        elapsed, used = time.perf_counter() - started, time.process_time() - cpu
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return resp, used, elapsed, peak


@pytest.mark.parametrize("kind", ["yaml_aliases", "json_refs", "yaml_refs"])
def test_document_bombs_are_refused_at_once(client, org, kind):
    provider = make_provider(client, org, name=f"bomb-{kind}")
    url = f"/v1/tool-providers/{provider['id']}/import"
    before = _count(Tool)
    if kind == "yaml_aliases":
        body, headers = _yaml_bomb(), {**org["headers"], "Content-Type": "application/yaml"}
        assert len(body) < 1000
        send = lambda: client.post(url, content=body, headers=headers)  # noqa: E731
    elif kind == "json_refs":
        body = _ref_bomb()
        assert len(json.dumps(body)) < 5000
        send = lambda: client.post(url, json=body, headers=org["headers"])  # noqa: E731
    else:
        text = json.dumps(_ref_bomb())
        send = lambda: client.post(url, content=text, headers={  # noqa: E731
            **org["headers"], "Content-Type": "application/yaml"})
    send()  # warm up (first-request imports and caches are not the bomb's cost)
    # the bomb's cost is the CPU time spent answering (under 100 ms): on a busy machine the
    # wall time also holds other processes' turns, so it is only bounded loosely; best of three
    results = [_timed(send) for _ in range(3)]
    for resp, _, _, _ in results:
        assert_problem(resp, 413, "payload_too_large")
    assert min(r[1] for r in results) < 0.1, [r[1] for r in results]
    assert min(r[2] for r in results) < 1.0, [r[2] for r in results]
    assert min(r[3] for r in results) < 50 * 1024 * 1024, [r[3] for r in results]
    assert _count(Tool) == before


def test_deep_yaml_and_recursive_aliases_are_refused(client, org):
    provider = make_provider(client, org, name="deep-yaml")
    url = f"/v1/tool-providers/{provider['id']}/import"
    headers = {**org["headers"], "Content-Type": "application/yaml"}
    deep = 'openapi: "3.0.0"\npaths: {}\nx: ' + "[" * 10_000 + "]" * 10_000
    assert_problem(client.post(url, content=deep, headers=headers), 413, "payload_too_large")
    deep_map = 'openapi: "3.0.0"\npaths: {}\nx: ' + "{a: " * 10_000 + "1" + "}" * 10_000
    assert_problem(client.post(url, content=deep_map, headers=headers), 413)
    nul = 'openapi: "3.0.0"\npaths:\n  /a:\n    get:\n      description: "a\\0b"\n'
    assert_problem(client.post(url, content=nul, headers=headers), 400)
    cyclic = 'openapi: "3.0.0"\npaths:\n  /a:\n    get:\n      x-loop: &l [*l]\n'
    resp = client.post(url, content=cyclic, headers=headers)
    assert resp.status_code in (201, 400, 413), resp.text  # PyYAML refuses or it is cut


@pytest.mark.parametrize("loader", ["libyaml", "python"])
def test_deep_yaml_is_too_large_with_either_parser(monkeypatch, loader):
    """libyaml (0.2.6 and later) stops deep flow nesting on its own, ahead of the depth count;
    PyYAML's Python parser leaves it to the count. Both end as 413."""
    import yaml

    from rules import openapi_import
    from rules.errors import TooLarge

    if loader == "python":
        monkeypatch.setattr(openapi_import, "_Loader", yaml.SafeLoader)
    elif not getattr(yaml, "__with_libyaml__", False):
        pytest.skip("PyYAML without libyaml")
    for deep in ("[" * 5_000 + "]" * 5_000, "{a: " * 5_000 + "1" + "}" * 5_000,
                 "[" * 70 + "]" * 70):
        with pytest.raises(TooLarge, match="nested more than"):
            openapi_import.parse('openapi: "3.0.0"\npaths: {}\nx: ' + deep)
    with pytest.raises(Exception) as broken:  # another YAML error is still a bad document
        openapi_import.parse('openapi: "3.0.0"\npaths: {}\nx: [1, 2')
    assert not isinstance(broken.value, TooLarge)


def test_a_normal_document_with_anchors_and_refs_still_imports(client, org):
    provider = make_provider(client, org, name="normal-import")
    doc = ('openapi: "3.0.0"\ninfo: {title: t, version: "1"}\n'
           'common: &common {type: object, properties: {id: {type: string}}}\n'
           'paths:\n  /a:\n    get:\n      operationId: getA\n      responses:\n'
           '        "200": {description: ok, content: {application/json: {schema: *common}}}\n'
           '  /b:\n    get:\n      operationId: getB\n      responses:\n'
           '        "200": {description: ok, content: {application/json: {schema: '
           '{$ref: "#/components/schemas/B"}}}}\n'
           'components: {schemas: {B: {type: array, items: *common}}}\n')
    resp = client.post(f"/v1/tool-providers/{provider['id']}/import", content=doc,
                       headers={**org["headers"], "Content-Type": "application/yaml"})
    assert resp.status_code == 201, resp.text
    assert sorted(t["operation_id"] for t in resp.json()["created"]) == ["getA", "getB"]


BAD_BODIES = [
    ("deep_array", "[" * 10_000 + "]" * 10_000, 400),
    ("deep_object", '{"a":' * 10_000 + "1" + "}" * 10_000, 400),
    ("just_too_deep", '{"name": "x", "description": ' + "[" * 70 + "]" * 70 + "}", 400),
    ("lone_surrogate", '{"name": "bad\\ud800name"}', 400),
    ("nul_escape", '{"name": "x\\u0000y"}', 400),
    ("nul_in_key", '{"name": "x", "model": {"a\\u0000": 1}}', 400),
    ("nan", '{"name": "x", "max_steps": NaN}', 400),
    ("infinity", '{"name": "x", "max_steps": -Infinity}', 400),
    ("overflowing_float", '{"name": "x", "max_steps": 1e400}', 400),
    ("huge_integer", '{"name": "x", "max_steps": ' + "9" * 5000 + "}", 400),
    ("integer_over_its_maximum", '{"name": "x", "max_steps": 9007199254740993}', 400),
    ("duplicate_keys", '{"name": "x", "name": "y"}', 400),
    ("truncated", '{"name": "x"', 400),
]


@pytest.mark.parametrize("label, body, status", BAD_BODIES, ids=[b[0] for b in BAD_BODIES])
def test_malformed_json_is_a_400_and_nothing_is_stored(client, org, label, body, status):
    before = _count(Agent)
    resp = client.post("/v1/agents", content=body, headers={**org["headers"], **JSON})
    problem = assert_problem(resp, status)
    assert len(resp.content) < 2000
    assert "\\u0000" not in problem["detail"] and "ud800" not in problem["detail"]
    assert _count(Agent) == before


def test_a_body_without_content_type_is_415(client, org):
    before = _count(Agent)
    resp = client.post("/v1/agents", content=b'{"name": "x"}', headers=org["headers"])
    assert_problem(resp, 415, "unsupported_media_type")
    assert _count(Agent) == before


@pytest.mark.parametrize("path", [
    "/v1/tools?name=%00", "/v1/workflows?name=%00", "/v1/users?cursor=%00",
    "/v1/groups?cursor=%00", "/v1/tools?tag=a%01b", "/v1/threads?cursor=%00",
])
def test_nul_and_control_characters_in_parameters_are_400(client, org, path):
    headers = {**org["headers"], "X-User-Id": "u1"}
    assert_problem(client.get(path, headers=headers), 400, "invalid_request")


def test_nul_in_a_path_parameter_is_400(client, org):
    resp = client.get("/v1/users/a%00b", headers=org["headers"])
    assert resp.status_code in (400, 404), resp.text
    assert resp.status_code != 500


def test_validation_errors_never_echo_values(client, org):
    secret = "sekrit-" + "z" * 40
    resp = client.post("/v1/tool-providers", json={
        "name": "p", "type": "api", "base_url": "https://api.example.com",
        "auth": {"type": "basic", "username": "u", "password": 12345, "x": secret}},
        headers=org["headers"])
    assert resp.status_code == 400, resp.text
    assert "12345" not in resp.text and secret not in resp.text
    long_name = "n" * 300
    resp = client.post("/v1/agents", json={"name": long_name}, headers=org["headers"])
    assert resp.status_code in (400, 413) and long_name[:60] not in resp.text


def test_a_10_mb_chat_message_gets_a_small_answer(client, org):
    body = json.dumps({"agent_id": "00000000-0000-4000-8000-000000000000",
                       "message": "m" * (10 * 1024 * 1024)})
    resp = client.post("/v1/chat", content=body,
                       headers={**org["headers"], **JSON, "X-User-Id": "u1"})
    assert_problem(resp, 413, "payload_too_large")
    assert len(resp.content) < 1000


def test_a_body_over_the_limit_is_413_before_it_is_read(client, org, settings):
    before = _count(Agent)
    big = json.dumps({"name": "x", "instructions": "i" * settings.max_body_bytes})
    assert_problem(client.post("/v1/agents", content=big, headers={**org["headers"], **JSON}),
                   413, "payload_too_large")

    def chunks():  # no Content-Length: the body is counted as it streams
        yield b'{"name": "x", "instructions": "'
        for _ in range(settings.max_body_bytes // 65536 + 2):
            yield b"i" * 65536
        yield b'"}'

    resp = client.post("/v1/agents", content=chunks(), headers={**org["headers"], **JSON})
    assert_problem(resp, 413, "payload_too_large")
    resp = client.post("/v1/agents", content=b"{}", headers={
        **org["headers"], **JSON, "Content-Length": "abc"})
    assert resp.status_code == 400 or resp.status_code == 413
    assert _count(Agent) == before


def test_the_sqlite_file_is_private(settings, tmp_path):
    if not settings.is_sqlite:
        pytest.skip("SQLite only")
    from peewee import SqliteDatabase

    path = tmp_path / "fresh.db"
    handle = db.make_database(f"sqlite:///{path}", pool_size=2, pool_timeout=5)
    handle.connect()
    handle.execute_sql("CREATE TABLE t (x)")
    handle.execute_sql("INSERT INTO t VALUES (1)")
    for suffix in ("", "-wal", "-shm"):
        target = str(path) + suffix
        assert os.path.exists(target), target
        assert stat.S_IMODE(os.stat(target).st_mode) == 0o600, (suffix, oct(os.stat(target).st_mode))
    handle.close()
    assert SqliteDatabase  # the module under test uses the same driver


def test_parallel_bombs_do_not_stall_other_requests(client, org):
    provider = make_provider(client, org, name="bomb-parallel")
    url = f"/v1/tool-providers/{provider['id']}/import"
    headers = {**org["headers"], "Content-Type": "application/yaml"}
    statuses = []
    threads = [threading.Thread(target=lambda: statuses.append(
        client.post(url, content=_yaml_bomb(9), headers=headers).status_code)) for _ in range(4)]
    started = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert statuses == [413] * 4
    assert time.perf_counter() - started < 2


def test_documented_field_limits(client, org):
    """instructions, messages and schemas over their documented sizes (openapi.yaml:
    maxLength, x-max-bytes) are a 400 naming the field; nothing is stored."""
    h = org["headers"]
    before = _count(Agent), _count(Tool)
    resp = client.post("/v1/agents", json={"name": "big", "instructions": "i" * 100_001}, headers=h)
    assert_problem(resp, 400, "invalid_request")
    assert "instructions" in resp.json()["detail"]
    assert client.post("/v1/agents", json={"name": "ok", "instructions": "i" * 100_000},
                       headers=h).status_code == 201
    provider = make_provider(client, org, name="limits")
    schema = {"type": "object", "properties": {f"p{i}": {"type": "string", "description": "d" * 100}
                                               for i in range(2500)}}
    assert len(json.dumps(schema)) > 256 * 1024
    resp = client.post("/v1/tools", json={"tool_provider_id": provider["id"], "name": "big",
                                          "path": "/big", "input_schema": schema}, headers=h)
    assert_problem(resp, 400, "invalid_request")
    resp = client.post("/v1/workflows", json={"name": "big", "steps": [], "input_schema": schema},
                       headers=h)
    assert_problem(resp, 400, "invalid_request")
    resp = client.post("/v1/chat", json={"agent_id": "00000000-0000-4000-8000-000000000000",
                                         "message": "m" * 100_001},
                       headers={**h, "X-User-Id": "u1"})
    assert_problem(resp, 400, "invalid_request")
    assert (_count(Agent), _count(Tool)) == (before[0] + 1, before[1])


def test_the_largest_valid_field_fits_under_the_body_limit(client, org):
    # 100,000 astral characters (the schema's maxLength) as a client's default JSON encoder sends
    # them: each a \\ud83d\\ude00 surrogate pair, 1.2 MB in all. A valid body is never a 413.
    body = json.dumps({"name": "long", "instructions": "\U0001F600" * 100000})
    assert len(body) > 1024 * 1024
    resp = client.post("/v1/agents", content=body, headers={**org["headers"], **JSON})
    assert resp.status_code == 201, resp.text[:300]
    assert resp.json()["agent"]["instructions"] == "\U0001F600" * 100000
    too_long = json.dumps({"name": "long", "instructions": "\U0001F600" * 100001})
    resp = client.post("/v1/agents", content=too_long, headers={**org["headers"], **JSON})
    assert_problem(resp, 400)

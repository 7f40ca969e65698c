"""Checks every operation of an API description against a session token."""
from __future__ import annotations

import re
import uuid

METHODS = {"get", "put", "post", "patch", "delete", "head", "options"}


def _resolve(spec: dict, node: dict) -> dict:
    while isinstance(node, dict) and "$ref" in node:
        target = spec
        for part in node["$ref"].lstrip("#/").split("/"):
            target = target[part]
        node = target
    return node


def _example(spec: dict, schema: dict) -> str:
    schema = _resolve(spec, schema or {})
    if schema.get("format") == "uuid":
        return str(uuid.uuid4())
    if schema.get("type") == "integer":
        return "1"
    return "reach-check"


def operations(spec: dict):
    """(method, url, security classes, has body) of every operation, path params filled in."""
    for path, item in spec["paths"].items():
        shared = item.get("parameters", [])
        for method, op in item.items():
            if method not in METHODS:
                continue
            params = [_resolve(spec, p) for p in shared + op.get("parameters", [])]
            values = {p["name"]: _example(spec, p.get("schema")) for p in params if p["in"] == "path"}
            url = re.sub(r"\{([^}]+)\}", lambda m: values.get(m.group(1), "x"), path)
            security = op.get("security", spec.get("security", []))
            classes = {name for requirement in security for name in requirement}
            yield method, url, classes, "requestBody" in op, op.get("operationId")


def check_session_reach(client, spec: dict, access_token: str) -> dict:
    """Every operation listing sessionToken must not answer 401/403 to a valid session token;
    every other operation that needs a credential must answer 403. Returns what was checked."""
    checked = {"reachable": [], "refused": [], "public": []}
    headers = {"Authorization": f"Bearer {access_token}"}
    for method, url, classes, has_body, operation_id in operations(spec):
        if not classes:
            checked["public"].append(operation_id)
            continue
        resp = client.request(method.upper(), url, headers=headers,
                              json={} if has_body else None)
        if "sessionToken" in classes:
            assert resp.status_code not in (401, 403), (operation_id, resp.status_code, resp.text)
            checked["reachable"].append(operation_id)
        else:
            assert resp.status_code == 403, (operation_id, resp.status_code, resp.text)
            assert resp.json()["code"] == "credential_not_allowed", (operation_id, resp.text)
            checked["refused"].append(operation_id)
    return checked

"""One id type: every identifier the platform assigns is a string of `format: uuid`, in requests
and answers alike, so an id read from one answer goes back into any request as it is, and
generated clients give it one type (Python `uuid.UUID`). Identifiers that are not the
platform's (the customer's, a model's, another protocol's) are strings, each listed here with
its reason (docs/clients.md, "Ids")."""
from __future__ import annotations

import re
from collections.abc import Iterator

import yaml

from server.app import SPEC_PATH

METHODS = ("get", "post", "put", "patch", "delete")
ID_NAME = re.compile(r"^(id|ids)$|_ids?$|[a-z]Id$|-I[Dd]$")
CUSTOMER = "the customer's own identifier of its end user or group, any string it chooses"
MODEL_CALL = "a tool call's id as the model made it (any string the model sends)"
SEQUENCE = "a chat event's sequence number in its thread (an integer, not a record id)"
STEP = "a workflow step's name, chosen by the workflow's author"
# (schema or location, name) -> why the identifier is not a platform UUID; "*" for every place.
NOT_PLATFORM_IDS = {
    ("*", "user_id"): CUSTOMER,
    ("*", "group_id"): CUSTOMER,
    ("*", "userId"): CUSTOMER,
    ("*", "groupId"): CUSTOMER,
    ("header", "X-User-Id"): CUSTOMER,
    ("*", "tool_call_id"): MODEL_CALL,
    ("*", "call_id"): MODEL_CALL,
    ("*", "request_id"): "a request id: the client's X-Request-Id, or one the service made up",
    ("header", "X-Request-Id"): "a request id: the client's, or one the service made up",
    ("*", "client_id"): "an OAuth client id issued by the provider's authorization server",
    ("*", "operation_id"): "the operationId of a provider's own OpenAPI document",
    ("*", "step_id"): STEP,
    ("WorkflowStep", "id"): STEP,
    ("WorkflowStepStored", "id"): STEP,
    ("WorkflowRunStep", "id"): STEP,
    ("*Event", "id"): SEQUENCE,
    ("query", "last_event_id"): SEQUENCE,
    ("header", "Last-Event-ID"): SEQUENCE,
    ("OpenAIModel", "id"): "the OpenAI model name to send as `model`: an id or an alias",
    ("ResponseOutputMessage", "id"): "an OpenAI Responses item id",
    ("AgUiMessage", "id"): "an AG-UI message id, the client's",
    ("AgUiRunAgentInput", "threadId"): "AG-UI's conversation id: a thread's id or the client's",
    ("AgUiRunAgentInput", "runId"): "AG-UI's run id, chosen by the client and echoed",
    ("AgUiRunAgentInput", "parentRunId"): "AG-UI's parent run id, the client's (ignored)",
    ("AgUiResumeEntry", "interruptId"): "an AG-UI interrupt: the waiting tool call's id",
    ("WebhookDelivery", "event_id"): "a Standard Webhooks message id (`msg_...`, `webhook-id`)",
    ("AgentBuild", "runtime_id"): "a digest of the built runtime form, not a record's id",
    ("RebuildAgent", "runtimeId"): "a digest of the built runtime form, not a record's id",
    ("RebuildFailedAgent", "runtimeId"): "a digest of the runtime form, not a record's id",
}


def load() -> dict:
    return yaml.safe_load(SPEC_PATH.read_text())


def is_uuid(schema: dict, schemas: dict) -> bool:
    """A string of format uuid, an array of them, or either of those or null."""
    if "$ref" in schema:
        return is_uuid(schemas[schema["$ref"].rsplit("/", 1)[1]], schemas)
    if "oneOf" in schema:
        branches = [s for s in schema["oneOf"] if s != {"type": "null"}]
        return len(branches) == 1 and is_uuid(branches[0], schemas)
    if "allOf" in schema and len(schema["allOf"]) == 1:
        return is_uuid(schema["allOf"][0], schemas)
    if schema.get("type") == "array":
        return is_uuid(schema.get("items", {}), schemas)
    return schema.get("type") == "string" and schema.get("format") == "uuid"


def id_fields(doc: dict) -> Iterator[tuple[str, str, str, dict]]:
    """(where, owner, name, schema) of every id-named property and parameter."""
    def walk(schema, owner, where):
        if not isinstance(schema, dict):
            return
        for name, sub in (schema.get("properties") or {}).items():
            if ID_NAME.search(name):
                yield where, owner, name, sub
            yield from walk(sub, owner, f"{where}.{name}")
        for key in ("items", "additionalProperties"):
            yield from walk(schema.get(key), owner, where)
        for key in ("oneOf", "anyOf", "allOf"):
            for sub in schema.get(key) or []:
                yield from walk(sub, owner, where)

    for name, schema in doc["components"]["schemas"].items():
        yield from walk(schema, name, f"components.schemas.{name}")
    params = list(doc["components"].get("parameters", {}).values())
    for path, item in doc["paths"].items():
        params += [p for p in item.get("parameters", []) if "$ref" not in p]
        for method in METHODS:
            op = item.get(method)
            if not op:
                continue
            params += [p for p in op.get("parameters", []) if "$ref" not in p]
            for media in (op.get("requestBody") or {}).get("content", {}).values():
                yield from walk(media.get("schema"), "inline", f"{method} {path}")
    for param in params:
        if ID_NAME.search(param["name"]):
            yield f"{param['in']} parameter", param["in"], param["name"], param["schema"]


def reason(owner: str, name: str) -> str | None:
    for (where, field), why in NOT_PLATFORM_IDS.items():
        if field == name and (where in ("*", owner) or
                              (where.startswith("*") and owner.endswith(where[1:]))):
            return why
    return None


def test_every_id_the_platform_assigns_is_a_uuid():
    doc = load()
    schemas = doc["components"]["schemas"]
    wrong = sorted({f"{where}: {name}" for where, owner, name, schema in id_fields(doc)
                    if not is_uuid(schema, schemas) and reason(owner, name) is None})
    assert not wrong, ("ids the platform assigns must be `type: string, format: uuid` (or list "
                       "them in NOT_PLATFORM_IDS with the reason):\n" + "\n".join(wrong))


def test_the_identifiers_that_are_not_the_platforms_are_strings_and_all_still_exist():
    doc = load()
    schemas = doc["components"]["schemas"]
    seen = set()
    for _, owner, name, schema in id_fields(doc):
        why = reason(owner, name)
        if why is None:
            continue
        seen.update(k for k in NOT_PLATFORM_IDS if k[1] == name)
        assert not is_uuid(schema, schemas), f"{owner}.{name} is a uuid: drop it from the list"
    stale = sorted(set(NOT_PLATFORM_IDS) - seen)
    assert not stale, f"allow-listed identifiers the document no longer has: {stale}"


def test_the_walk_finds_the_ids_that_once_were_plain_strings():
    found = {(owner, name) for _, owner, name, _ in id_fields(load())}
    for field in [("Agent", "tool_ids"), ("AgentVersion", "knowledge_base_ids"),
                  ("TurnRun", "agent_id"), ("Thread", "copilot_id"), ("ChatMessage", "run_id"),
                  ("WorkflowRun", "trigger_id"), ("AgentBuild", "agent_version_id"),
                  ("path", "id"), ("query", "thread_id"), ("header", "X-Organization-Id")]:
        assert field in found, field

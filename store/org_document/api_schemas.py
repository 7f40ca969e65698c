"""The API's own request schemas (openapi.yaml components), so that an object written by an
apply passes the same validation as the API request that would write it, and the JSON Schema
of the document (published at /schemas/organization-v1.json), built from the same components
with names in place of ids."""
from __future__ import annotations

import copy
import functools
import json
from pathlib import Path

import yaml
from jsonschema import Draft202012Validator, FormatChecker

SPEC_PATH = Path(__file__).resolve().parent.parent.parent / "openapi.yaml"
API_VERSION = "agent-platform/v1"
SCHEMA_ID = "/schemas/organization-v1.json"
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@functools.lru_cache(maxsize=1)
def components() -> dict:
    with open(SPEC_PATH, encoding="utf-8") as fh:
        spec = yaml.load(fh, Loader=_LOADER)  # noqa: S506 (a safe loader)
    return spec["components"]["schemas"]


@functools.lru_cache(maxsize=32)
def _validator(component: str) -> Draft202012Validator:
    schema = {"$ref": f"#/components/schemas/{component}",
              "components": {"schemas": components()}}
    return Draft202012Validator(schema, format_checker=FormatChecker())


def errors(component: str, value: dict) -> list[str]:
    """What the API would refuse in value as a request body of that schema (400 messages)."""
    found = sorted(_validator(component).iter_errors(value), key=lambda e: list(e.path))
    out = []
    for error in found[:5]:
        where = ".".join(str(p) for p in error.absolute_path)
        out.append(f"{where + ': ' if where else ''}{error.message}")
    return out


def _refs_to_defs(node):
    if isinstance(node, dict):
        return {k: (v.replace("#/components/schemas/", "#/$defs/") if k == "$ref" and
                    isinstance(v, str) else _refs_to_defs(v)) for k, v in node.items()
                if k != "discriminator"}
    if isinstance(node, list):
        return [_refs_to_defs(v) for v in node]
    return node


def _props(component: str, drop=(), extra: dict | None = None, required=None) -> dict:
    schema = copy.deepcopy(components()[component])
    props = {k: v for k, v in schema.get("properties", {}).items() if k not in drop}
    props.update(extra or {})
    out = {"type": "object", "additionalProperties": False, "properties": props}
    if schema.get("description"):
        out["description"] = schema["description"]
    need = [r for r in (required if required is not None else schema.get("required", []))
            if r in props]
    if need:
        out["required"] = need
    return out


_NAME = {"type": "string", "minLength": 1, "maxLength": 200}
_TOOL_REF = {"type": "string", "pattern": "^.+/[^/]+$",
             "description": "A tool: `<tool provider name>/<tool name>`."}
_SECRET = ("A credential: a placeholder `${NAME}` whose value comes from the secrets "
           "(never write the value itself into a document kept in Git).")


def _names(what: str) -> dict:
    return {"type": "array", "items": _NAME, "description": f"{what}, by name."}


@functools.lru_cache(maxsize=1)
def published() -> dict:
    """The JSON Schema (draft 2020-12) of an organization document."""
    tool = _props("ToolCreate", drop=("tool_provider_id",))
    provider_common = {"tools": {"type": "array", "items": tool,
                                 "description": "The provider's hand-made tools (api)."}}
    api = _props("ApiProviderCreate", extra=provider_common)
    mcp = _props("McpProviderCreate")
    agent = _props("AgentCreate", drop=("tool_ids", "tool_provider_ids", "approval_tool_ids"),
                   extra={"tools": {"type": "array", "items": _TOOL_REF},
                          "tool_providers": _names("Tool providers whose every tool it uses"),
                          "approval_tools": {"type": "array", "items": _TOOL_REF,
                                             "description": "Tools whose calls need approval."}})
    step = _props("WorkflowStep", extra={"ref": {
        "type": "string", "minLength": 1,
        "description": "The step's tool (`provider/tool`), agent or network, by name."}})
    workflow = _props("WorkflowCreate", extra={"steps": {"type": "array", "items": step}})
    network = _props("CopilotCreate", extra={
        "agents": _names("The network's agents in routing order"),
        "workflows": _names("Workflows the agents may run as tools"),
        "deployments": {"type": "object", "additionalProperties": False,
                        "properties": {env: {"enum": ["current", "outdated"]}
                                       for env in ("staging", "prod")},
                        "description": "Where the network is deployed: `current` when the "
                                       "deployment runs the dev network's configuration with "
                                       "its agents' current versions pinned."}})
    schedule = _props("WorkflowScheduleCreate", drop=("workflow_id", "user_id"), extra={
        "workflow": {**_NAME, "description": "The workflow, by name."},
        "status": {"enum": ["active", "paused"], "default": "active"}}, required=["workflow"])
    group = _props("GroupCreate")
    exposure = _props("ExposureCreate", extra={"target": {
        "type": "object", "additionalProperties": False, "required": ["type", "name"],
        "description": "What is exposed, by name: a network by its deployment (`environment`), "
                       "an agent or a workflow.",
        "properties": {"type": {"enum": ["copilot", "agent", "workflow"]}, "name": _NAME,
                       "environment": {"enum": ["staging", "prod"]}},
        "if": {"properties": {"type": {"const": "copilot"}}},
        "then": {"required": ["environment"]},
        "else": {"not": {"required": ["environment"]}}}})
    block = _props("PromptBlockCreate")
    doc = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SCHEMA_ID,
        "title": "Agent Platform organization document",
        "description": "An organization's configuration (apiVersion agent-platform/v1): "
                       "objects reference each other by name. " + _SECRET,
        "type": "object", "additionalProperties": False,
        "required": ["apiVersion", "kind", "spec"],
        "properties": {
            "apiVersion": {"const": API_VERSION},
            "kind": {"const": "Organization"},
            "metadata": {"type": "object", "additionalProperties": False,
                         "properties": {"name": {"type": "string"}}},
            "spec": {"type": "object", "additionalProperties": False, "properties": {
                "tool_providers": {"type": "array",
                                   "items": {"oneOf": [api, mcp]}},
                "prompt_blocks": {"type": "array", "items": block},
                "agents": {"type": "array", "items": agent},
                "networks": {"type": "array", "items": network},
                "workflows": {"type": "array", "items": workflow},
                "exposures": {"type": "array", "items": exposure},
                "schedules": {"type": "array", "items": schedule},
                "groups": {"type": "array", "items": group},
                "cors_origins": {"type": "array", "items": {"type": "string"},
                                 "description": "Browser origins allowed (CORS)."},
            }},
        },
    }
    used, todo = {}, [doc]
    while todo:  # the components the document's items reference, as $defs
        text = json.dumps(todo.pop())
        for name in components():
            if f'"#/components/schemas/{name}"' in text and name not in used:
                used[name] = components()[name]
                todo.append(used[name])
    doc["$defs"] = used
    return _refs_to_defs(doc)


@functools.lru_cache(maxsize=1)
def document_validator() -> Draft202012Validator:
    return Draft202012Validator(published(), format_checker=FormatChecker())


@functools.lru_cache(maxsize=32)
def _refusing_null(component: str) -> frozenset:
    schema = components()[component]
    props = schema.get("properties", {})
    out = set()
    for name in props:
        probe = {"components": {"schemas": components()},
                 "$ref": f"#/components/schemas/{component}/properties/{name}"}
        if not Draft202012Validator(probe).is_valid(None):
            out.add(name)
    return frozenset(out)


def without_refused_nulls(component: str, item: dict) -> dict:
    """item without the null fields the API's request schema does not take (an export leaves
    them out, as a request would)."""
    refused = _refusing_null(component)
    return {k: v for k, v in item.items() if not (v is None and k in refused)}

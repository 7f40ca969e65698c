"""Workflows: CRUD and the rules the schema cannot state.

Rules checked on every save: step ids are unique; templates name the run's input or an
earlier step's output (rules.workflow_templates.check); input_schema is a valid JSON Schema;
a `tool` step's ref is a tool of the caller's organization, an `agent` step's ref one of
its agents and a `copilot` step's ref one of its networks (404 `step_ref_not_found` otherwise,
like any other organization's id). A step whose agent or network is deleted later fails at
run time with `step_ref_not_found`.
"""
from __future__ import annotations

from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError

from rules import workflow_templates
from store import copilots, pages, scope
from core.db import atomic, iso, new_id, utcnow
from store.errors import Invalid, NotFound
from store.models import Agent, Copilot, Tool, Workflow

STEP_DEFAULTS = {"input": {}, "continue_on_error": False, "timeout_ms": None, "retries": 0}
STEP_FIELDS = ("id", "type", "ref", "input", "continue_on_error", "timeout_ms", "retries")
_REF_TABLES = {"tool": (Tool, "tool"), "agent": (Agent, "agent"), "copilot": (Copilot, "network")}


def check_input_schema(schema) -> None:
    if schema is None:
        return
    try:
        Draft202012Validator.check_schema(schema)
    except SchemaError as exc:
        raise Invalid(f"input_schema is not a valid JSON Schema: {exc.message}",
                      code="invalid_input_schema") from None


def validate_input(schema, value) -> None:
    """Raise 400 `workflow_input_invalid` when value does not match the workflow's schema."""
    if not schema:
        return
    error = next(iter(Draft202012Validator(schema).iter_errors(value)), None)
    if error is not None:
        where = "/".join(str(p) for p in error.absolute_path)
        raise Invalid(f"the input does not match the workflow's input_schema"
                      f"{' at ' + where if where else ''}: {error.message}",
                      code="workflow_input_invalid")


def _normalize(steps: list[dict]) -> list[dict]:
    out, seen = [], set()
    for step in steps:
        if step["id"] in seen:
            raise Invalid(f"step id {step['id']!r} is used twice; step ids must be unique",
                          code="duplicate_step_id")
        seen.add(step["id"])
        out.append({k: step.get(k, STEP_DEFAULTS.get(k)) for k in STEP_FIELDS})
    return out


def _check_refs(org_id: str, steps: list[dict]) -> None:
    for kind, (model, what) in _REF_TABLES.items():
        wanted = {s["ref"] for s in steps if s["type"] == kind}
        if not wanted:
            continue
        found = {row.id for row in scope.scoped(model, org_id, model.id)
                 .where(model.id.in_(sorted(wanted)))}
        missing = sorted(wanted - found)
        if missing:
            step = next(s for s in steps if s["type"] == kind and s["ref"] == missing[0])
            raise NotFound(f"step {step['id']!r} refers to {what} {missing[0]}, which is not "
                           "in this organization", code="step_ref_not_found")


def _checked(org_id: str, values: dict) -> dict:
    check_input_schema(values.get("input_schema"))
    values["steps"] = _normalize(values["steps"])
    workflow_templates.check(values["steps"], values.get("input_schema"))
    _check_refs(org_id, values["steps"])
    return values


def create(*, org_id: str, fields: dict) -> Workflow:
    values = _checked(org_id, {"description": None, "input_schema": None, **fields})
    now = utcnow()
    with atomic():
        return Workflow.create(id=new_id(), org=org_id, created_at=now, updated_at=now, **values)


def get(*, org_id: str, workflow_id: str) -> Workflow:
    return scope.get(Workflow, org_id, Workflow.id == workflow_id, what="workflow")


def list(*, org_id: str, name: str | None = None, limit: int = 50,
         cursor: str | None = None) -> tuple[list, str | None]:
    """Workflows, oldest first; (rows, next_cursor)."""
    query = scope.scoped(Workflow, org_id)
    if name:
        query = query.where(Workflow.name.contains(name))
    return pages.page(query, (Workflow.created_at, Workflow.id), limit=limit, cursor=cursor)


def update(*, org_id: str, workflow_id: str, fields: dict) -> Workflow:
    """Partial update: given fields replace the stored ones (steps as a whole)."""
    row = get(org_id=org_id, workflow_id=workflow_id)
    values = {"name": row.name, "description": row.description,
              "input_schema": row.input_schema, "steps": row.steps, **fields}
    values = _checked(org_id, values)
    values["updated_at"] = utcnow()
    with atomic():
        if scope.update(Workflow, org_id, values, Workflow.id == workflow_id) == 0:
            raise NotFound("workflow not found")
    return get(org_id=org_id, workflow_id=workflow_id)


def delete(*, org_id: str, workflow_id: str) -> None:
    """Delete a workflow and its schedules; its runs stay (they hold their own definition).
    409 `workflow_in_use` while a network uses it."""
    get(org_id=org_id, workflow_id=workflow_id)
    copilots.ensure_unused(org_id=org_id, workflow_id=workflow_id)
    with atomic():
        if scope.delete(Workflow, org_id, Workflow.id == workflow_id) == 0:
            raise NotFound("workflow not found")


def to_dict(row: Workflow) -> dict:
    return {"id": row.id, "name": row.name, "description": row.description,
            "input_schema": row.input_schema, "steps": row.steps,
            "created_at": iso(row.created_at), "updated_at": iso(row.updated_at)}

"""Step input templates: `{{input.x}}` and `{{steps.ID.output}}`, with optional `.key` paths.

A string that is exactly one template takes the referenced value as is (an object stays an
object, a number a number); templates inside a longer string are replaced by their text (JSON
for objects, arrays, numbers and booleans; nothing for null). A name or key that is missing
renders as null. ``check`` validates every template of a workflow when it is saved: only those
two roots, and `steps.ID` must name a step that runs earlier.
"""
from __future__ import annotations

import json
import re

from rules.errors import Invalid

TEMPLATE = re.compile(r"\{\{([^{}]*)\}\}")
_KEY = r"[A-Za-z0-9_\-]+"
REFERENCE = re.compile(
    rf"^(?:input(?P<input>(?:\.{_KEY})*)"
    rf"|steps\.(?P<step>[A-Za-z_][A-Za-z0-9_\-]*)\.output(?P<output>(?:\.{_KEY})*))$")


def _strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _strings(key)
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def _parse(expression: str):
    match = REFERENCE.match(expression.strip())
    if match is None:
        raise Invalid(f"template {{{{{expression.strip()}}}}} is not {{{{input.NAME}}}} or "
                      "{{steps.ID.output}} (optionally followed by .key)", code="invalid_template")
    if match.group("step") is not None:
        return "steps", match.group("step"), _path(match.group("output"))
    return "input", None, _path(match.group("input"))


def _path(text: str | None) -> tuple[str, ...]:
    return tuple(text.strip(".").split(".")) if text else ()


def references(value) -> list[tuple[str, str | None, tuple[str, ...]]]:
    """Every template in value as (root, step id or None, key path); raises Invalid."""
    found = []
    for text in _strings(value):
        for expression in TEMPLATE.findall(text):
            found.append(_parse(expression))
    return found


def check(steps: list[dict], input_schema: dict | None) -> None:
    """Every template refers to the run's input or to an earlier step's output. When the
    input_schema declares `properties`, `{{input.NAME}}` must name one of them."""
    declared = None
    if isinstance(input_schema, dict) and isinstance(input_schema.get("properties"), dict):
        declared = set(input_schema["properties"])
    earlier: set[str] = set()
    for step in steps:
        for root, step_id, path in references(step.get("input")):
            if root == "steps" and step_id not in earlier:
                raise Invalid(f"step {step['id']!r} refers to {{{{steps.{step_id}.output}}}}, "
                              "which is not an earlier step", code="invalid_template")
            if root == "input" and path and declared is not None and path[0] not in declared:
                raise Invalid(f"step {step['id']!r} refers to {{{{input.{path[0]}}}}}, which "
                              "the input_schema does not declare", code="invalid_template")
        earlier.add(step["id"])


def _lookup(value, path: tuple[str, ...]):
    for key in path:
        if isinstance(value, dict):
            value = value.get(key)
        elif isinstance(value, list) and key.lstrip("-").isdigit():
            index = int(key)
            value = value[index] if -len(value) <= index < len(value) else None
        else:
            return None
    return value


def _resolve(expression: str, context: dict):
    root, step_id, path = _parse(expression)
    if root == "input":
        return _lookup(context.get("input"), path)
    return _lookup((context.get("steps") or {}).get(step_id), path)


def _text(value) -> str:
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    return json.dumps(value, separators=(",", ":"))


def _interpolate(text: str, context: dict) -> str:
    return TEMPLATE.sub(lambda m: _text(_resolve(m.group(1), context)), text)


def render(value, context: dict):
    """value with every template replaced; context is {input, steps: {ID: output}}."""
    if isinstance(value, str):
        whole = TEMPLATE.fullmatch(value)
        if whole is not None:
            return _resolve(whole.group(1), context)
        return _interpolate(value, context) if "{{" in value else value
    if isinstance(value, dict):
        return {_interpolate(k, context) if "{{" in k else k: render(v, context)
                for k, v in value.items()}
    if isinstance(value, list):
        return [render(item, context) for item in value]
    return value

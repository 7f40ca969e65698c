"""What every request body and parameter must satisfy before any handler sees it.

One place, the same on SQLite and Postgres, so that no endpoint can forget a rule:

- a JSON body is UTF-8 JSON (RFC 8259) nested at most ``MAX_DEPTH`` deep, with at most
  ``MAX_NODES`` values, no duplicate object keys, no ``NaN``/``Infinity`` (nor a number that
  overflows to one, nor an integer of more digits than Python reads), and no string (key or
  value) holding a NUL character or a lone UTF-16 surrogate; typed integer fields bound
  their range in openapi.yaml (``maximum``);
- a parameter value (query, path, header) holds no NUL, other C0 control character or lone
  surrogate.

Violations raise ``BadInput`` (a 400 ``invalid_request`` problem) with a message that names
the rule and where it broke, never the offending value.
"""
from __future__ import annotations

import json
import math
import re
import typing as t

MAX_DEPTH = 64
MAX_NODES = 200_000
PREVIEW_CHARS = 24

_BAD_CHAR = re.compile(r"[\x00\ud800-\udfff]")
_BAD_PARAM_CHAR = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ud800-\udfff]")


class BadInput(ValueError):
    """A body or parameter breaks one of the rules above."""

    def __init__(self, detail: str, code: str = "invalid_request"):
        super().__init__(detail)
        self.detail = detail
        self.code = code


def preview(value, limit: int = PREVIEW_CHARS) -> str:
    """A short, printable prefix of a value for an error message."""
    text = value if isinstance(value, str) else json.dumps(value, default=str)
    text = _BAD_PARAM_CHAR.sub("?", text)
    return repr(text if len(text) <= limit else text[:limit] + "...")


def _constant(name: str):
    raise BadInput(f"request body is not valid JSON: {name} is not a JSON number")


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise BadInput("request body holds a number too large to represent")
    return value


def _pairs(items: list) -> dict:
    found = dict(items)
    if len(found) != len(items):
        seen = set()
        for key, _ in items:
            if key in seen:
                raise BadInput(f"request body repeats the object key {preview(key)}")
            seen.add(key)
    return found


def _where(path: list) -> str:
    return "/" + "/".join(str(p) for p in path) if path else "the body"


def check_value(value, max_nodes: int = MAX_NODES) -> None:
    """Depth, size, integers and strings of a parsed JSON value (iteratively: no recursion).
    ``max_nodes``: MAX_NODES, or a path's own limit (server/body_limit.py)."""
    stack = [(value, 1, ())]
    nodes = 0
    while stack:
        node, depth, path = stack.pop()
        nodes += 1
        if nodes > max_nodes:
            raise BadInput(f"request body holds more than {max_nodes} values",
                           code="payload_too_large")
        if isinstance(node, str):
            if _BAD_CHAR.search(node):
                raise BadInput(f"a string at {_where(list(path))} holds a NUL character or a "
                               "lone UTF-16 surrogate")
        elif not isinstance(node, (dict, list)):
            continue
        elif depth > MAX_DEPTH:
            raise BadInput(f"request body is nested more than {MAX_DEPTH} levels deep")
        elif isinstance(node, dict):
            for key, item in node.items():
                if _BAD_CHAR.search(key):
                    raise BadInput(f"an object key at {_where(list(path))} holds a NUL "
                                   "character or a lone UTF-16 surrogate")
                stack.append((item, depth + 1, path + (key[:40],) if len(path) < 8 else path))
        elif isinstance(node, list):
            for index, item in enumerate(node):
                stack.append((item, depth + 1, path + (index,) if len(path) < 8 else path))


def loads(text: str, max_nodes: int = MAX_NODES):
    """Parse a JSON request body under the rules above."""
    try:
        value = json.loads(text, parse_constant=_constant, parse_float=_float,
                           object_pairs_hook=_pairs)
    except RecursionError:
        raise BadInput(f"request body is nested more than {MAX_DEPTH} levels deep") from None
    except json.JSONDecodeError as exc:
        raise BadInput(f"request body is not valid JSON ({exc.msg} at line {exc.lineno} "
                       f"column {exc.colno})") from None
    except BadInput:
        raise
    except ValueError:  # an integer literal beyond Python's digit limit
        raise BadInput("request body holds a number too large to represent") from None
    check_value(value, max_nodes)
    return value


def check_parameter(name: str, value) -> str | None:
    """An error message when a parameter value holds a forbidden character, else None."""
    if isinstance(value, str) and _BAD_PARAM_CHAR.search(value):
        return f"{name}: must not contain NUL, control characters or lone surrogates"
    if isinstance(value, list):
        for item in value:
            problem = check_parameter(name, item)
            if problem:
                return problem
    return None


def json_path(items: t.Iterable) -> str:
    """A location inside a JSON value as a JSON path: `$.steps[0].ref` (a key that is not a
    plain name is quoted, cut to 40 characters)."""
    out = "$"
    for item in items:
        if isinstance(item, int):
            out += f"[{item}]"
        elif re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", str(item)):
            out += f".{item}"
        else:
            out += "[" + json.dumps(str(item)[:40]) + "]"
    return out

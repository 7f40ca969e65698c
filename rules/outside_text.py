"""Text that comes from outside the service made storable: NUL characters and lone UTF-16
surrogates become U+FFFD.

A request body holding them is refused (400, server/input_rules.py). What the service receives
from elsewhere cannot be refused without losing the work it belongs to: a tool's output (HTTP
and MCP tools), a model's reply and its tool calls' arguments, the tool descriptions and
schemas an MCP server lists. Postgres cannot store a NUL in a text or JSON column, and a lone
surrogate cannot be encoded as UTF-8 at all, so each such character is replaced with U+FFFD
(the Unicode replacement character) where the data enters the service, before it is masked,
validated, stored, streamed or sent to a model; both backends store the same text.
"""
from __future__ import annotations

import re

REPLACEMENT = "\ufffd"
_BAD = re.compile("[\x00\ud800-\udfff]")


def clean_text(text: str) -> str:
    """``text`` with every NUL and lone surrogate replaced by U+FFFD."""
    if not isinstance(text, str):
        return text
    return _BAD.sub(REPLACEMENT, text)


def clean(value):
    """A JSON-like value with every string (object keys included) cleaned."""
    if isinstance(value, str):
        return clean_text(value)
    if isinstance(value, dict):
        return {clean(k): clean(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [clean(v) for v in value]
    return value

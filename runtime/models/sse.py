"""Server-Sent Events of a model's answer: lines from bytes, messages from lines, JSON data.

Kept apart from the HTTP half (runtime/models/http.py): these are pure functions over the bytes
a provider streams, a thousand streams at once on a busy turn loop.
"""
from __future__ import annotations

import dataclasses
import json
import re
from typing import Iterable, Iterator

from rules.outside_text import clean
from runtime.models.base import ModelError

# What a JSON text must hold to decode into a NUL or a surrogate: the character itself, or
# its escape (a surrogate pair's escapes too: those chunks take the careful path).
_MAYBE_UNCLEAN = re.compile(r"[\x00\ud800-\udfff]|\\u(?:0000|[dD][89a-fA-F])")


@dataclasses.dataclass(frozen=True)
class SSEMessage:
    event: str
    data: str

    def json(self, provider: str) -> dict:
        try:
            value = json.loads(self.data)
        except ValueError as exc:
            raise ModelError(f"{provider}: the stream carried malformed JSON",
                             code="model_protocol_error", provider=provider) from exc
        if not isinstance(value, dict):
            raise ModelError(f"{provider}: the stream carried an unexpected value",
                             code="model_protocol_error", provider=provider)
        if not _MAYBE_UNCLEAN.search(self.data):  # nothing to replace: skip the walk
            return value
        return clean(value)  # NUL and lone surrogates become U+FFFD (rules/outside_text.py)


class SSEParser:
    """Server-Sent Events from text lines (fields ``event`` and ``data``; comments skipped):
    ``feed(line)`` returns a message when the line ends one, ``end()`` the last one."""

    def __init__(self):
        self.event, self.data = "", []

    def feed(self, line: str) -> SSEMessage | None:
        if line == "":
            message = self.end()
            self.event, self.data = "", []
            return message
        if line.startswith(":"):
            return None
        field, _, value = line.partition(":")
        if value.startswith(" "):
            value = value[1:]
        if field == "event":
            self.event = value
        elif field == "data":
            self.data.append(value)
        return None

    def end(self) -> SSEMessage | None:
        if not self.data:
            return None
        return SSEMessage(self.event or "message", "\n".join(self.data))


class _Lines:
    """Text lines of a byte stream (ended by CRLF, LF or CR, as Server-Sent Events allow),
    split without httpx's text and line decoders (a thousand streams pass through here)."""

    _EOL = re.compile(rb"\r\n|\r|\n")

    def __init__(self):
        self.rest = b""

    def feed(self, chunk: bytes) -> list[str]:
        data = self.rest + chunk
        held = b""
        if data.endswith(b"\r"):  # its LF may come with the next chunk
            data, held = data[:-1], b"\r"
        parts = self._EOL.split(data)
        self.rest = parts.pop() + held
        return [part.decode("utf-8", "replace") for part in parts]

    def end(self) -> list[str]:
        rest, self.rest = self.rest.rstrip(b"\r"), b""
        return [rest.decode("utf-8", "replace")] if rest else []


def iter_sse(lines: Iterable[str]) -> Iterator[SSEMessage]:
    """Server-Sent Events from text lines."""
    parser = SSEParser()
    for line in lines:
        message = parser.feed(line)
        if message is not None:
            yield message
    message = parser.end()
    if message is not None:
        yield message



"""Masking credentials in everything the service relays (tool output to end users and to
models, tool error messages, logged provider errors), in every form a credential takes.

A ``Masker`` is built from the credential values of one call (tokens, passwords, API keys,
header values) and replaces each of these forms with ``[redacted]``:

- the value itself, and its JSON-escaped form (``"`` and ``\\`` escaped, non-ASCII as
  ``\\uXXXX``);
- URL-encoded (``quote``, ``quote_plus``, upper- and lower-case hex);
- base64 (standard and URL-safe, with and without padding);
- for a header value ``<scheme> <token>`` (``Bearer x``, ``Basic x``, ``Token x``), the bare
  token in all the forms above; a Basic token also yields its decoded ``user:password`` and
  the password;
- for a user name and password (Basic auth), base64 of ``user:password``;
- base64 of the value embedded at any offset of a larger blob (``base64("user:" + value)``,
  ``base64("x" + value)``): the value's bytes fall on one of three alignments to base64's
  3-byte groups, and for each the characters that depend on the value alone are masked, with
  the one character on either side that mixes its bits with the neighbours'.

Values shorter than ``MIN_LENGTH`` are not masked (they would mask ordinary words).

A ``StreamMasker`` masks text that arrives in pieces (a model's streamed deltas): a secret
split across two pieces is masked whole; the tail of a piece that could begin a secret (always
shorter than its longest form) is held back until the next piece shows what it is.
"""
from __future__ import annotations

import base64
import json
import re
from typing import Iterable
from urllib.parse import quote, quote_plus

MASK = "[redacted]"
MIN_LENGTH = 4
_HEX = re.compile(r"%[0-9A-F]{2}")
_SCHEMES = ("bearer", "basic", "token", "bot", "apikey", "api-key", "key")


def _b64_forms(raw: bytes) -> set[str]:
    forms = set()
    for encode in (base64.b64encode, base64.urlsafe_b64encode):
        text = encode(raw).decode("ascii")
        forms.add(text)
        forms.add(text.rstrip("="))
    return forms


# Characters of a base64 group that hold bits of the value alone, by how many bytes of other
# data share the value's first group (LEAD) or its last group (TRAIL): base64 turns each 3
# bytes into 4 characters of 6 bits.
_LEAD = {0: 0, 1: 2, 2: 1}
_TRAIL = {0: 0, 1: 1, 2: 2}
_B64_CHAR = "[A-Za-z0-9+/_-]"
MIN_CORE = 8


def _b64_cores(raw: bytes) -> set[tuple[str, int, int]]:
    """The base64 of ``raw`` embedded at any offset of a larger blob (``base64("user:" +
    value)``, ``base64("x" + value + "y")``): for each of the three alignments, the characters
    that depend on the value's bytes alone (the same whatever surrounds it), with how many
    characters before and after mix the value's bits with the neighbours' (masked too when
    present). Standard and URL-safe alphabets. Returns (core, mixed before, mixed after)."""
    cores = set()
    if len(raw) < 6:  # a shorter value's core would mask ordinary base64 text
        return cores
    for shift in range(3):
        data = b"\0" * shift + raw
        full = len(data) // 3
        first = 1 if shift else 0
        rest = len(data) % 3
        for encode in (base64.b64encode, base64.urlsafe_b64encode):
            text = encode(data).decode("ascii")
            core = text[4 * first - _LEAD[shift]:4 * full + _TRAIL[rest]]
            if len(core) >= MIN_CORE:
                cores.add((core, 1 if shift else 0, 1 if rest else 0))
    return cores


def _core_pattern(core: str, before: int, after: int) -> str:
    head = f"{_B64_CHAR}?" if before else ""
    tail = f"{_B64_CHAR}?=*" if after else ""
    return head + re.escape(core) + tail


def forms_of(value: str) -> set[str]:
    """Every form of one credential value that the masker replaces."""
    forms = {value}
    for text in (quote(value, safe=""), quote(value), quote_plus(value)):
        forms.add(text)
        forms.add(_HEX.sub(lambda m: m.group(0).lower(), text))
    forms.add(json.dumps(value)[1:-1])
    forms.add(json.dumps(value, ensure_ascii=False)[1:-1])
    forms |= _b64_forms(value.encode("utf-8"))
    return forms


def _bare(value: str) -> list[str]:
    """The token of a header value ``<scheme> <token>``; for Basic also ``user:password`` and
    the password."""
    scheme, _, token = value.strip().partition(" ")
    token = token.strip()
    if not token or scheme.lower() not in _SCHEMES:
        return []
    found = [token]
    if scheme.lower() == "basic":
        try:
            pair = base64.b64decode(token, validate=True).decode("utf-8")
        except ValueError:  # binascii.Error and UnicodeDecodeError are ValueErrors
            return found
        found.append(pair)
        user, sep, password = pair.partition(":")
        if sep:
            found.append(password)
    return found


class Masker:
    def __init__(self, secrets: Iterable[object] = (), pairs: Iterable[tuple] = ()):
        forms: set[str] = set()
        cores: set[tuple[str, int, int]] = set()
        for secret in secrets:
            if secret is None or isinstance(secret, (dict, list, bool)):
                continue
            text = str(secret)
            for value in [text, *_bare(text)]:
                if len(value) >= MIN_LENGTH:
                    forms |= forms_of(value)
                    cores |= _b64_cores(value.encode("utf-8"))
        for user, password in pairs:
            if user is None or password is None:
                continue
            pair = f"{user}:{password}"
            if len(str(password)) >= MIN_LENGTH:
                forms |= forms_of(pair) | _b64_forms(pair.encode("utf-8"))
                cores |= _b64_cores(str(password).encode("utf-8"))
        self.forms = {f for f in forms if len(f) >= MIN_LENGTH}
        self.cores = {c for c, _, _ in cores}
        # longest first: a whole form wins over a core it contains
        alternatives = [(len(f), re.escape(f)) for f in forms if len(f) >= MIN_LENGTH]
        alternatives += [(len(c), _core_pattern(c, b, a)) for c, b, a in cores]
        ordered = [p for _, p in sorted(alternatives, key=lambda x: x[0], reverse=True)]
        self.pattern = re.compile("|".join(ordered)) if ordered else None

    def __bool__(self) -> bool:
        return self.pattern is not None

    def text(self, value: str) -> str:
        if self.pattern is None or not value:
            return value
        return self.pattern.sub(MASK, value)

    def value(self, value):
        """A JSON-like value with every string (keys included) masked."""
        if self.pattern is None:
            return value
        if isinstance(value, str):
            return self.text(value)
        if isinstance(value, dict):
            return {self.value(k): self.value(v) for k, v in value.items()}
        if isinstance(value, (list, tuple)):
            return [self.value(v) for v in value]
        return value


def for_credentials(credentials: dict | None, headers: dict | None = None,
                    extra: Iterable[object] = ()) -> Masker:
    """The masker of one tool call: its credential values, header values, other secret
    values (``extra``: a stdio MCP program's environment and secret arguments), and the Basic
    pair (``username``/``password``) when the credentials hold one."""
    credentials = credentials or {}
    values = [v for k, v in credentials.items() if k != "base_url"]
    values += [*(headers or {}).values(), *extra]
    pairs = []
    if credentials.get("username") is not None and credentials.get("password") is not None:
        pairs.append((credentials["username"], credentials["password"]))
    return Masker(values, pairs)


class StreamMasker:
    """Masks the secrets of ``masker`` in text fed piece by piece. ``feed(piece)`` returns
    what can be released now, masked; ``flush()`` the held tail at the end."""

    def __init__(self, masker: Masker):
        self.masker = masker
        self.pending = ""
        self._prefixes = {f[:i] for f in masker.forms | masker.cores for i in range(1, len(f))}
        self._core_prefixes = {c[:i] for c in masker.cores for i in range(1, len(c))}
        self._longest = max((len(f) + 2 for f in masker.forms | masker.cores), default=0)

    def _held_from(self, text: str) -> int:
        """Where the tail that could begin a secret starts (len(text): none)."""
        for i in range(max(0, len(text) - self._longest), len(text)):
            tail = text[i:]
            # a core may follow one character that mixes its bits with the neighbours' (a
            # delta ending on that character alone is released: it holds a few bits at most)
            if tail in self._prefixes or (len(tail) > 1 and tail[1:] in self._core_prefixes
                                          and re.fullmatch(_B64_CHAR, tail[0])):
                return i
        return len(text)

    def feed(self, piece: str) -> str:
        if self.masker.pattern is None:
            return piece
        text = self.pending + piece
        held = self._held_from(text)
        out, last = [], 0
        for match in self.masker.pattern.finditer(text):
            if match.start() >= held:
                break
            if match.end() == len(text):  # it may go on (a base64 core's mixed tail, padding)
                held = match.start()
                break
            out += [text[last:match.start()], MASK]
            last = match.end()
        cut = max(held, last)
        out.append(text[last:cut])
        self.pending = text[cut:]
        return "".join(out)

    def flush(self) -> str:
        rest, self.pending = self.pending, ""
        return self.masker.text(rest)

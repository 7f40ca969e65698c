"""Signatures of webhooks, out and in (pure: no I/O).

Outbound deliveries are signed per the Standard Webhooks specification: the headers
`webhook-id`, `webhook-timestamp` (Unix seconds) and `webhook-signature`, a space-separated
list of `v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">`, one per secret in force (two
while a rotated secret overlaps the new one). Secrets are `whsec_` and base64 of 32 random
bytes.

Inbound trigger calls are checked by one of: Standard Webhooks (the same headers, a timestamp
within TOLERANCE_S), GitHub's `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the body>`, or
`Authorization: Bearer <secret>`. Every comparison takes constant time.
"""
from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import secrets as _secrets

PREFIX = "whsec_"
TOLERANCE_S = 300


def new_secret() -> str:
    return PREFIX + base64.b64encode(_secrets.token_bytes(32)).decode()


def _key(secret: str) -> bytes:
    """The HMAC key of a secret: a `whsec_` secret is base64 of its key bytes; any other text
    (a secret a sender chose, such as GitHub's) is its UTF-8 bytes."""
    if secret.startswith(PREFIX):
        try:
            return base64.b64decode(secret[len(PREFIX):] + "==", validate=False)
        except (binascii.Error, ValueError):
            pass
    return secret.encode()


def signature(secret: str, msg_id: str, timestamp: int, body: bytes) -> str:
    """One `v1,<base64>` signature of a message."""
    mac = hmac.new(_key(secret), f"{msg_id}.{timestamp}.".encode() + body, hashlib.sha256)
    return "v1," + base64.b64encode(mac.digest()).decode()


def headers(secrets: list[str], msg_id: str, timestamp: int, body: bytes) -> dict[str, str]:
    """The Standard Webhooks headers of a delivery signed by every secret in force."""
    return {"webhook-id": msg_id, "webhook-timestamp": str(timestamp),
            "webhook-signature": " ".join(signature(s, msg_id, timestamp, body)
                                          for s in secrets)}


def verify_standard(secret: str, headers: dict[str, str], body: bytes, now: float) -> str | None:
    """None when the Standard Webhooks headers sign body with secret within the tolerance,
    else why not (headers are given lower-case)."""
    msg_id, stamp = headers.get("webhook-id"), headers.get("webhook-timestamp")
    given = headers.get("webhook-signature")
    if not (msg_id and stamp and given):
        return "missing"
    try:
        when = int(stamp)
    except ValueError:
        return "timestamp"
    if abs(now - when) > TOLERANCE_S:
        return "timestamp"
    expected = signature(secret, msg_id, when, body).encode()
    matched = False
    for item in given.split(" "):
        matched |= hmac.compare_digest(expected, item.strip().encode())
    return None if matched else "signature"


def verify_github(secret: str, headers: dict[str, str], body: bytes) -> str | None:
    given = headers.get("x-hub-signature-256") or ""
    expected = "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()
    return None if hmac.compare_digest(expected.encode(), given.encode()) else "signature"


def verify_bearer(secret: str, headers: dict[str, str]) -> str | None:
    scheme, _, token = (headers.get("authorization") or "").partition(" ")
    ok = scheme.lower() == "bearer"
    same = hmac.compare_digest(secret.encode(), token.strip().encode())
    return None if ok and same else "signature"

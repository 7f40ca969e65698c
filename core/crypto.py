"""Authenticated encryption of secrets at rest (Fernet: AES-CBC + HMAC-SHA256), with rotation.

Keys come from AGENT_PLATFORM_ENCRYPTION_KEYS (comma-separated Fernet keys, newest first) or,
when unset, one key derived from AGENT_PLATFORM_SECRET_KEY. The newest key encrypts; every
configured key decrypts; ``rotate`` re-encrypts a token under the newest key.
"""
from __future__ import annotations

import base64
import json

from cryptography.fernet import Fernet, InvalidToken, MultiFernet
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

_fernet: MultiFernet | None = None


class DecryptionFailed(Exception):
    """A stored secret could not be decrypted with any configured key."""


def derive_key(secret_key: str) -> str:
    raw = HKDF(algorithm=hashes.SHA256(), length=32, salt=b"agent-platform",
               info=b"secrets-at-rest-v1").derive(secret_key.encode())
    return base64.urlsafe_b64encode(raw).decode()


def configure(keys: list[str]) -> None:
    global _fernet
    if not keys:
        raise ValueError("at least one encryption key is required")
    _fernet = MultiFernet([Fernet(k.encode() if isinstance(k, str) else k) for k in keys])


def _active() -> MultiFernet:
    if _fernet is None:
        raise RuntimeError("encryption keys are not configured")
    return _fernet


def encrypt(value: dict | str) -> str:
    """Encrypt a JSON-serializable value; returns an opaque text token."""
    return _active().encrypt(json.dumps(value).encode()).decode()


def decrypt(token: str):
    try:
        return json.loads(_active().decrypt(token.encode()))
    except InvalidToken as exc:
        raise DecryptionFailed("stored secret cannot be decrypted with the configured keys") from exc


def rotate(token: str) -> str:
    """The same secret, encrypted under the newest key."""
    try:
        return _active().rotate(token.encode()).decode()
    except InvalidToken as exc:
        raise DecryptionFailed("stored secret cannot be decrypted with the configured keys") from exc

"""One write at a time per resource, across threads and processes.

Conditional requests (`If-Match`) compare the resource's current ETag and write under the same
lock, so of several racing writers exactly one wins; writes without `If-Match` are serialized
too, so each one reads, changes and answers the resource as it left it (last writer wins).

Postgres: a session advisory lock on the request's connection (released at the end, or by the
server when the connection dies). SQLite: a row in `resource_lock` (its key is the primary
key); a row older than its lease (a crashed process) is taken over.
"""
from __future__ import annotations

import contextlib
import datetime as dt
import hashlib
import time
import uuid

from core.db import atomic, database, is_postgres, utcnow
from store.errors import Conflict, Unavailable
from store.models import ResourceLock

LEASE_S = 60
WAIT_S = 30.0


def _digest(org_id: str | None, resource: str) -> bytes:
    return hashlib.blake2b(f"{org_id or '-'}|{resource}".encode(), digest_size=16).digest()


@contextlib.contextmanager
def held(*, org_id: str | None, resource: str, wait_s: float = WAIT_S):
    """Hold the lock of `resource` (a path) in the organization while the block runs."""
    digest = _digest(org_id, resource)
    if is_postgres():
        key = int.from_bytes(digest[:8], "big", signed=True)
        database.execute_sql("SELECT set_config('lock_timeout', %s, false)",
                             (f"{int(wait_s * 1000)}ms",))
        try:
            database.execute_sql("SELECT pg_advisory_lock(%s)", (key,))
        except Exception as exc:  # lock_timeout
            raise _busy() from exc
        finally:
            database.execute_sql("SELECT set_config('lock_timeout', '0', false)")
        try:
            yield
        finally:
            database.execute_sql("SELECT pg_advisory_unlock(%s)", (key,))
        return
    key, owner = digest.hex(), uuid.uuid4().hex
    _take(key, owner, wait_s)
    try:
        yield
    finally:
        ResourceLock.delete().where(ResourceLock.key == key, ResourceLock.owner == owner).execute()


def _take(key: str, owner: str, wait_s: float) -> None:
    deadline, pause = time.monotonic() + wait_s, 0.002
    while True:
        now = utcnow()
        try:
            with atomic():
                ResourceLock.delete().where(ResourceLock.key == key,
                                            ResourceLock.expires_at < now).execute()
                ResourceLock.insert(key=key, owner=owner,
                                    expires_at=now + dt.timedelta(seconds=LEASE_S)).execute()
            return
        except Conflict:
            if time.monotonic() > deadline:
                raise _busy() from None
            time.sleep(pause)
            pause = min(pause * 2, 0.05)


def _busy() -> Unavailable:
    return Unavailable("another change of this resource is taking too long; retry",
                       code="resource_busy", headers={"Retry-After": "1"})

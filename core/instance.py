"""Which instance a process belongs to: the database it uses. Processes of one database are
one instance (one in-process scheduler among them, one metrics directory per host); two
instances that share a data directory keep these apart by ``key(database_url)``."""
from __future__ import annotations

import hashlib
import os
from urllib.parse import urlsplit


def identity(database_url: str) -> str:
    """The database of url, without credentials or options: for SQLite its absolute file,
    for Postgres ``postgresql://host:port/name`` (any user, password, query dropped)."""
    parts = urlsplit(database_url)
    if parts.scheme == "sqlite":
        path = database_url[len("sqlite:///"):] if database_url.startswith("sqlite:///") \
            else parts.path
        path = path.partition("?")[0]
        if not path or path == ":memory:":
            return f"sqlite::memory:{os.getpid()}"  # a database of this process only
        return "sqlite://" + os.path.realpath(path)
    scheme = "postgresql" if parts.scheme in ("postgres", "postgresql") else parts.scheme
    host = (parts.hostname or "127.0.0.1").lower()
    port = parts.port or (5432 if scheme == "postgresql" else "")
    return f"{scheme}://{host}:{port}/{parts.path.lstrip('/')}"


def key(database_url: str) -> str:
    """A short name for the instance of database_url (16 hex characters of a sha256 of its
    identity): safe in file names, and never a credential."""
    return hashlib.sha256(identity(database_url).encode()).hexdigest()[:16]

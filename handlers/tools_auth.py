"""The credential fields each tool provider of the org expects (API key only)."""
from __future__ import annotations

from handlers import ok
from store import vault


def get_tools_auth(caller):
    return ok(vault.catalog(org_id=caller.org_id))

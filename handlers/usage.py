"""The organization's usage report over a time range, from the spend ledger."""
from __future__ import annotations

from handlers import ok
from store import usage


def get_usage(caller, start=None, end=None, group_by=None):
    return ok(usage.report(org_id=caller.org_id, start=start, end=end, group_by=group_by))

"""The usage report (``GET /v1/usage``): tokens, cost and runs of an organization over a time
range, read from the spend ledger (``SpendEntry``: one entry per finished run, its tokens and
its cost in integer micro-USD), so its sums are the ledger's exactly.

Grouped by ``group`` (the group billed), ``user``, ``model``, or ``agent`` / ``copilot`` (the
run's agent, the one that answered for a network, or its network; the ledger entry names the
run). Entries without that key (a run of no user, an entry of no run) form the group with the
key null.
"""
from __future__ import annotations

import datetime as dt

from peewee import JOIN, fn

from store import scope
from core.db import iso, naive_utc, utcnow
from store.models import AgentRun, Group, SpendEntry

GROUP_BY = ("group", "user", "agent", "copilot", "model")
E = SpendEntry


def _key(group_by: str | None):
    return {"group": Group.group_id, "user": E.user_id, "model": E.model,
            "agent": AgentRun.agent_id, "copilot": AgentRun.copilot_id}.get(group_by)


def _month_start(now: dt.datetime) -> dt.datetime:
    return now.replace(day=1, hour=0, minute=0, second=0, microsecond=0)


def report(*, org_id: str, start=None, end=None, group_by: str | None = None) -> dict:
    """Sums of the ledger entries created in [start, end) (default: this calendar month, UTC,
    up to now), in total and per ``group_by`` key (largest cost first)."""
    end = naive_utc(end) if end is not None else utcnow()
    start = naive_utc(start) if start is not None else _month_start(utcnow())
    sums = (fn.COUNT(E.id), fn.COALESCE(fn.SUM(E.input_tokens), 0),
            fn.COALESCE(fn.SUM(E.output_tokens), 0), fn.COALESCE(fn.SUM(E.amount_micro_usd), 0))
    base = scope.scoped(E, org_id, *sums).where(E.created_at >= start, E.created_at < end)
    body = {"start": iso(start), "end": iso(end), "group_by": group_by,
            "totals": _public(_row(base.tuples().get())), "groups": None}
    key = _key(group_by)
    if key is None:
        return body
    query = scope.scoped(E, org_id, key, *sums).where(E.created_at >= start, E.created_at < end)
    if group_by == "group":
        query = query.join(Group, on=(E.group == Group.id))
    elif group_by in ("agent", "copilot"):
        query = query.join(AgentRun, JOIN.LEFT_OUTER, on=(E.run_id == AgentRun.id))
    rows = [{"key": r[0], **_row(r[1:])} for r in query.group_by(key).tuples()]
    rows.sort(key=lambda r: (-r["cost_micro_usd"], -r["runs"], r["key"] or ""))
    body["groups"] = [_public(r) for r in rows]
    return body


def _row(values) -> dict:
    runs, input_tokens, output_tokens, micro = (int(v or 0) for v in values)
    return {"runs": runs, "input_tokens": input_tokens, "output_tokens": output_tokens,
            "cost_micro_usd": micro}


def _public(row: dict) -> dict:
    return {**row, "cost_usd": row["cost_micro_usd"] / 1_000_000}

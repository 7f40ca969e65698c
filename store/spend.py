"""The spend ledger: each run's cost billed to a group per calendar month (UTC), and the cap
check of run endpoints.

Amounts are kept in integer micro-USD (exact sums on every engine). Costs come from token usage
and the price table of the settings (``AGENT_PLATFORM_PRICES``): ``{model: {"input": USD per
million input tokens, "output": USD per million output tokens}}``, with ``"*"`` as the price of
models not listed; a model without a price costs nothing.

Run endpoints call ``check_cap`` before a run (429 ``spend_cap_reached`` when the group billed
is at or over its cap) and ``record`` with the run's usage afterwards.
"""
from __future__ import annotations

import datetime as dt
from decimal import ROUND_HALF_UP, Decimal

from store import groups, scope, users, webhooks
from core.db import Compiled, Insert, atomic, run_sql, utcnow
from store.errors import LimitReached
from store.models import AppUser, Group, GroupSpend, SpendEntry

MICRO = Decimal(1_000_000)


def to_micro(usd) -> int:
    return int((Decimal(str(usd)) * MICRO).quantize(Decimal(1), rounding=ROUND_HALF_UP))


def cost_micro(prices: dict | None, model: str | None, input_tokens: int, output_tokens: int) -> int:
    """The cost of a run's usage in micro-USD under a price table."""
    table = prices or {}
    price = table.get(model or "") or table.get("*")
    if not price:
        return 0
    usd = (Decimal(str(price.get("input", 0))) * input_tokens
           + Decimal(str(price.get("output", 0))) * output_tokens) / Decimal(1_000_000)
    return to_micro(usd)


_USER = Compiled(lambda: scope.scoped(AppUser, "?").where(AppUser.user_id == "?"))


def billing_group(*, org_id: str, group_id: str | None = None, user_id: str | None = None) -> Group:
    """The group a run bills to: the session's group when given, else the user's current group,
    else the org's Default group."""
    if group_id is not None:
        return groups.find(org_id=org_id, group_id=group_id)
    user = None
    if user_id is not None:
        user = _USER.instance(org_id, user_id)
    return users.group_of(org_id=org_id, user=user)


def seconds_to_next_month(now: dt.datetime | None = None) -> int:
    now = now or utcnow()
    first = (now.replace(day=1, hour=0, minute=0, second=0, microsecond=0)
             + dt.timedelta(days=32)).replace(day=1)
    return max(1, int((first - now).total_seconds()) + 1)


def check_cap(*, org_id: str, group_id: str | None = None, user_id: str | None = None) -> None:
    """Raise 429 ``spend_cap_reached`` when the billed group is at or over its monthly cap.

    group_id is the session's group (``Caller.group_id``); with an API key pass the end user
    (``Caller.user_id``) instead, or neither for the Default group."""
    group = billing_group(org_id=org_id, group_id=group_id, user_id=user_id)
    if group.spend_cap_usd is not None:
        refuse_over_cap(org_id=org_id, group_pk=group.id, group_id=group.group_id,
                        cap=group.spend_cap_usd)


def refuse_over_cap(*, org_id: str, group_pk: str, group_id: str, cap) -> None:
    """429 ``spend_cap_reached`` when the group has spent its cap (USD) this month."""
    spent = groups.spent_micro(org_id=org_id, group_pks=[group_pk]).get(group_pk, 0)
    if spent >= to_micro(cap):
        raise LimitReached(
            f"group {group_id!r} reached its monthly spend cap",
            code="spend_cap_reached",
            headers={"Retry-After": str(seconds_to_next_month())},
        )


def record(*, org_id: str, group_id: str | None = None, user_id: str | None = None,
           model: str | None = None, input_tokens: int = 0, output_tokens: int = 0,
           run_id: str | None = None, prices: dict | None = None, cost_usd=None,
           at: dt.datetime | None = None) -> SpendEntry:
    """Write one run's spend to the ledger and the group's monthly total (one transaction).

    The cost is cost_usd when given, else computed from the usage and the price table."""
    group = billing_group(org_id=org_id, group_id=group_id, user_id=user_id)
    amount = to_micro(cost_usd) if cost_usd is not None else cost_micro(
        prices, model, input_tokens, output_tokens)
    when = at or utcnow()
    month = groups.month_key(when)
    with atomic():
        entry = _ENTRY(org=org_id, group=group.id, month=month, user_id=user_id,
                       run_id=run_id, model=model, input_tokens=input_tokens,
                       output_tokens=output_tokens, amount_micro_usd=amount, created_at=when)
        total = run_sql(_ADD_TO_GROUP, [org_id, group.id, month, amount, amount]).fetchone()[0]
        cap = None if group.spend_cap_usd is None else to_micro(group.spend_cap_usd)
        if cap is not None and amount > 0 and total - amount < cap <= total:
            webhooks.emit(org_id=org_id, event_type="group.spend_cap_reached",
                          data=lambda: {"group": groups.to_dict(group, total)})
    return entry


def recorded(*, run_id: str) -> bool:
    """Whether the run's spend is in the ledger (a run's end retried after a lost connection)."""
    return SpendEntry.select().where(SpendEntry.run_id == run_id).exists()


# every run writes these two: SQL rendered once
_ENTRY = Insert(SpendEntry)
_ADD_TO_GROUP = (
    'INSERT INTO "group_spend" ("org_id", "group_pk", "month", "amount_micro_usd") '
    'VALUES (%s, %s, %s, %s) ON CONFLICT ("group_pk", "month") DO UPDATE SET '
    '"amount_micro_usd" = "group_spend"."amount_micro_usd" + %s RETURNING "amount_micro_usd"')

"""Usage limits of an organization: requests per minute, runs per calendar month (UTC), and
turns queued or running at once (per organization and per end user).

Defaults come from the settings (``AGENT_PLATFORM_RATE_LIMIT_PER_MINUTE``,
``AGENT_PLATFORM_RUNS_PER_MONTH``, ``AGENT_PLATFORM_ORG_TURNS_IN_FLIGHT``,
``AGENT_PLATFORM_USER_TURNS_IN_FLIGHT``; 0 = unlimited); the operator overrides the
organization's per org (``OrgLimits``, admin endpoints). Exceeding the rate or the quota is 429
``usage_limit_reached`` with ``Retry-After`` (seconds until the window ends); a turn over a
concurrency limit is 429 ``concurrency_limit_reached`` (``check_turns_in_flight``).

Counters are fixed windows incremented atomically before the check, so under any concurrency
exactly ``limit`` requests of a window pass. The request counter lives in Redis when
``REDIS_URL`` is set (INCR + EXPIRE in one transaction), else in the database (an upsert
returning the new count); the monthly run counter always lives in the database, the durable
record. Overrides are cached per process for ``AGENT_PLATFORM_LIMITS_CACHE_SECONDS``.
"""
from __future__ import annotations

import calendar
import contextvars
import hashlib
import logging
import random
import threading
import time

from peewee import SQL

from store import orgs, scope, spend
from core import redis_client
from core.db import database, is_postgres, run_prepared, utcnow
from store.errors import LimitReached, NotFound
from store.models import AgentRun, OrgLimits, UsageCounter

log = logging.getLogger("agent_platform.limits")

FIELDS = ("requests_per_minute", "runs_per_month", "turns_in_flight")
_cache: dict[str, tuple[float, tuple[int | None, ...]]] = {}
_cache_lock = threading.Lock()


def _overrides(org_id: str, ttl: int) -> tuple[int | None, ...]:
    now = time.monotonic()
    hit = _cache.get(org_id)
    if hit is not None and hit[0] > now:
        return hit[1]
    row = (OrgLimits.select(*(getattr(OrgLimits, name) for name in FIELDS))
           .where(OrgLimits.org == org_id).tuples().first())
    value = tuple(row) if row else (None,) * len(FIELDS)
    with _cache_lock:
        _cache[org_id] = (now + ttl, value)
    return value


def _defaults(settings) -> dict:
    return {"requests_per_minute": settings.rate_limit_per_minute,
            "runs_per_month": settings.runs_per_month,
            "turns_in_flight": settings.org_turns_in_flight}


def effective(*, org_id: str, settings) -> dict:
    given = dict(zip(FIELDS, _overrides(org_id, settings.limits_cache_seconds)))
    return {name: default if given[name] is None else given[name]
            for name, default in _defaults(settings).items()}


_INCR = ('INSERT INTO "usage_counter" ("org_id", "name", "count") VALUES (%s, %s, %s) '
         'ON CONFLICT ("org_id", "name") DO UPDATE SET "count" = "usage_counter"."count" + %s '
         'RETURNING "count"')  # one statement, written once (every run counts)


_LAZY = "SET LOCAL synchronous_commit TO OFF; "


def _db_incr(org_id: str, name: str, by: int = 1, flush: bool = True) -> int:
    """The counter after adding ``by``. ``flush=False`` (Postgres, outside a transaction):
    committed without waiting for the WAL flush, for a count whose loss in a crash goes with
    the loss of what it counted (store.workflow_run_state: a run's claim)."""
    lazy = not flush and is_postgres() and not database.in_transaction()
    cursor = run_prepared(_INCR, [org_id, name, by, by], prefix=_LAZY if lazy else "")
    return cursor.fetchall()[0][0]  # all: the statement ends


def _redis_incr(settings, org_id: str, name: str, ttl: int) -> int:
    key = f"{settings.redis_prefix}:usage:{org_id}:{name}"
    pipe = redis_client.connection(settings.redis_url).pipeline(transaction=True)
    pipe.incr(key)
    pipe.expire(key, ttl)
    return int(pipe.execute()[0])


def _rate_count(settings, org_id: str, window: int) -> int:
    name = f"rate:{window:012d}"
    if settings.redis_url:
        try:
            return _redis_incr(settings, org_id, name, ttl=120)
        except Exception as exc:  # Redis down: requests are not refused for it
            log.warning("rate counter unavailable; request admitted",
                        extra={"fields": {"error": type(exc).__name__}})
            return 0
    count = _db_incr(org_id, name)
    if count == 1:  # first request of a window: drop the org's earlier windows
        scope.delete(UsageCounter, org_id, UsageCounter.name.startswith("rate:"),
                     UsageCounter.name < name)
    return count


def check_request(*, org_id: str, settings, seen=None) -> tuple[int, int, int] | None:
    """Count one request of org_id; 429 when the per-minute limit is exceeded. Returns the
    window's (limit, remaining, seconds until it resets), or None when the org has no limit
    (or its counter cannot be read); ``seen`` (a callable) gets the same before a 429."""
    limit = effective(org_id=org_id, settings=settings)["requests_per_minute"]
    if not limit:
        return None
    now = time.time()
    window = int(now // 60)
    count = _rate_count(settings, org_id, window)
    if not count:  # the counter is unavailable: admitted, nothing to tell
        return None
    reset = max(1, int((window + 1) * 60 - now + 0.999))
    state = (limit, max(0, limit - count), reset)
    if count > limit:
        if seen is not None:
            seen(state)
        raise LimitReached(
            f"the organization's request rate limit ({limit} per minute) is reached",
            code="usage_limit_reached", headers={"Retry-After": str(reset)})
    return state


def _runs_name(month: str | None = None) -> str:
    return f"runs:{month or utcnow().strftime('%Y-%m')}"


# where the run quota's state goes while an HTTP request that starts runs is served
# (server/auth.py sets it; server/conventions.py makes RateLimit fields of it)
run_quota_seen: contextvars.ContextVar = contextvars.ContextVar("run_quota_seen", default=None)


def _month_state(limit: int, count: int) -> tuple[int, int, int, int]:
    """(quota, runs remaining, seconds until the next month, seconds in this month)."""
    now = utcnow()
    days = calendar.monthrange(now.year, now.month)[1]
    return limit, max(0, limit - count), spend.seconds_to_next_month(now), days * 86400


def consume_run(*, org_id: str, settings, flush: bool = True) -> None:
    """Count one run of org_id in its month, whatever the quota (a quota set mid-month counts
    from the month's first run); 429 when the quota is used up (the refused run is not
    counted). Run endpoints call this before starting a run. While a quota is set, the state
    this count leaves (``run_quota``'s tuple) goes to ``run_quota_seen`` when one is set.
    ``flush=False``: the count of a claimed run, made durable with the run's next durable
    commit (``_db_incr``)."""
    limit = effective(org_id=org_id, settings=settings)["runs_per_month"]
    name = _runs_name()
    count = _db_incr(org_id, name, flush=flush)
    seen = run_quota_seen.get() if limit > 0 else None
    if count > limit > 0:
        _db_incr(org_id, name, by=-1)
        state = _month_state(limit, limit)
        if seen is not None:
            seen(state)
        raise LimitReached(
            f"the organization's monthly run quota ({limit}) is used up",
            code="usage_limit_reached", headers={"Retry-After": str(state[2])})
    if seen is not None:
        seen(_month_state(limit, count))


# Postgres: the run counted and the org's Default group read in one statement
_COUNT_WITH_GROUP = ("WITH c AS (" + _INCR + ") SELECT c.count, g.id, g.group_id, "
                     'g.spend_cap_usd FROM c LEFT JOIN "group" AS g '
                     "ON g.org_id = %s AND g.is_default")


def admit_run(*, org_id: str, user_id: str | None, settings) -> None:
    """A scheduled run's admission when it first executes: its billing group (the user's,
    else Default) under its spend cap (``spend.check_cap``), then its count in the month's
    quota (``consume_run``), both committed with the run's next durable commit. On Postgres a
    run of an organization's own schedule is counted and its Default group read in one
    statement; a refused run's count is taken back, as the quota's refusal does."""
    if user_id is not None or not is_postgres():
        spend.check_cap(org_id=org_id, user_id=user_id)
        consume_run(org_id=org_id, settings=settings, flush=False)
        return
    limit = effective(org_id=org_id, settings=settings)["runs_per_month"]
    name = _runs_name()
    prefix = "" if database.in_transaction() else _LAZY
    count, pk, group_id, cap = run_prepared(_COUNT_WITH_GROUP, [org_id, name, 1, 1, org_id],
                                            prefix=prefix).fetchall()[0]
    try:
        if pk is None:
            raise NotFound("default group not found")
        if cap is not None:
            spend.refuse_over_cap(org_id=org_id, group_pk=pk, group_id=group_id, cap=cap)
        if count > limit > 0:
            raise LimitReached(
                f"the organization's monthly run quota ({limit}) is used up",
                code="usage_limit_reached",
                headers={"Retry-After": str(spend.seconds_to_next_month())})
    except (NotFound, LimitReached):
        _db_incr(org_id, name, by=-1)
        raise


# Turns in flight: an org's agent runs queued or running, and among them its end user's own
# (not those of a workflow's steps). The statuses are literals so that the partial index
# agent_run_in_flight (m0039) serves both counts on both backends; each count stops at its
# limit, so a check reads at most limit index entries (a LIMIT of 0 counts nothing: no limit).
_IN_FLIGHT = ("SELECT (SELECT count(*) FROM (SELECT 1 FROM agent_run WHERE org_id = %s "
              "AND status IN ('queued', 'running') LIMIT %s) AS o), "
              "(SELECT count(*) FROM (SELECT 1 FROM agent_run WHERE org_id = %s "
              "AND user_id = %s AND workflow_run_id IS NULL "
              "AND status IN ('queued', 'running') LIMIT %s) AS u)")
_TURNS_LOCK_CLASS = 7_331_002  # the first key of the org's advisory lock (Postgres)


def _turns_lock(org_id: str) -> str:
    """The statement taking the org's transaction-scoped advisory lock (Postgres): the second
    key is 32 bits of a hash of the org id (two orgs sharing one only wait for each other)."""
    digest = hashlib.blake2b(org_id.encode(), digest_size=4).digest()
    key = int.from_bytes(digest, "big", signed=True)
    return f"SELECT pg_advisory_xact_lock({_TURNS_LOCK_CLASS}, {key}); "


def retry_after_turn() -> str:
    """Seconds a refused turn's client waits: 1 to 5, drawn for each refusal, so that the
    clients of a refused burst come back spread over five seconds, not all at once."""
    return str(random.randint(1, 5))


def check_turns_in_flight(*, org_id: str, user_id: str | None, settings) -> None:
    """Admit one more turn of org_id (for user_id, None: no end user) or raise 429
    ``concurrency_limit_reached`` when the org already has its limit of turns queued or
    running (its override, else AGENT_PLATFORM_ORG_TURNS_IN_FLIGHT), or the user
    AGENT_PLATFORM_USER_TURNS_IN_FLIGHT of their own. Runs of workflows' steps count for the
    org, not for the user. Call it inside the transaction that creates the run: the count and
    the run's insert are serialized per org (Postgres: a transaction-scoped advisory lock
    taken before the count; SQLite: the write transaction, begun IMMEDIATE by ``atomic``), so
    concurrent admissions never pass a limit."""
    org_limit = effective(org_id=org_id, settings=settings)["turns_in_flight"]
    user_limit = settings.user_turns_in_flight if user_id is not None else 0
    if not org_limit and not user_limit:
        return
    if not database.in_transaction():
        raise RuntimeError("check_turns_in_flight must run in the transaction creating the run")
    prefix = _turns_lock(org_id) if is_postgres() else ""
    org_count, user_count = run_prepared(
        _IN_FLIGHT, [org_id, org_limit, org_id, user_id, user_limit], prefix=prefix).fetchall()[0]
    if org_limit and org_count >= org_limit:
        detail = (f"the organization has {org_limit} turns queued or running, its limit; "
                  "retry when one of them ends")
    elif user_limit and user_count >= user_limit:
        detail = (f"the user has {user_limit} turns queued or running, the limit per user; "
                  "retry when one of them ends")
    else:
        return
    raise LimitReached(detail, code="concurrency_limit_reached",
                       headers={"Retry-After": retry_after_turn()})


def turns_in_flight(*, org_id: str) -> int:
    """The org's turns (agent and network runs) queued or running now."""
    return (scope.scoped(AgentRun, org_id, AgentRun.id)
            .where(SQL("status IN ('queued', 'running')")).count())


def run_quota(*, org_id: str, settings) -> tuple[int, int, int, int] | None:
    """The org's monthly run quota as it stands: (quota, runs remaining, seconds until the
    next month, seconds in this month), or None without a quota."""
    limit = effective(org_id=org_id, settings=settings)["runs_per_month"]
    if not limit:
        return None
    return _month_state(limit, runs_this_month(org_id=org_id))


def runs_this_month(*, org_id: str) -> int:
    row = (scope.scoped(UsageCounter, org_id, UsageCounter.count)
           .where(UsageCounter.name == _runs_name()).first())
    return row.count if row else 0


def get(*, org_id: str, settings) -> dict:
    orgs.get(org_id=org_id)
    row = OrgLimits.get_or_none(OrgLimits.org == org_id)
    return {
        "org_id": org_id,
        "overrides": {name: getattr(row, name) if row else None for name in FIELDS},
        "defaults": _defaults(settings),
        "runs_this_month": runs_this_month(org_id=org_id),
        "turns_in_flight_now": turns_in_flight(org_id=org_id),
    }


def set(*, org_id: str, settings, fields: dict) -> dict:
    """Replace the org's overrides (a missing or null field: the setting applies)."""
    orgs.get(org_id=org_id)
    values = {name: fields.get(name) for name in FIELDS}
    values["updated_at"] = utcnow()
    (OrgLimits.insert(org=org_id, **values)
     .on_conflict(conflict_target=[OrgLimits.org],
                  update={getattr(OrgLimits, k): v for k, v in values.items()})
     .execute())
    with _cache_lock:
        _cache.pop(org_id, None)
    return get(org_id=org_id, settings=settings)

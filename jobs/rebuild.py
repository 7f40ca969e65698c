"""The registry reload + agent rebuild job, and its dispatch (inline, or RQ with a bounded wait).

``run`` is the job function: it rediscovers the MCP providers it is asked to sync, reloads
the org's registry slice (bumping the org's registry version), rebuilds only the agents that
depend on what changed, and returns the Rebuild result of the API. ``dispatch`` runs it
inline on the embedded default, or enqueues it on RQ when REDIS_URL is set and waits for the
result within ``rebuild_wait_ms``; if the wait runs out, the result reports the dependents as
`skipped` (the queued job still rebuilds them). When Redis does not answer, the rebuild runs
in the calling process instead.
"""
from __future__ import annotations

import logging
import time

import redis

from core import db

log = logging.getLogger("agent_platform.rebuild")


def _ensure_bound() -> None:
    """In a worker process started with plain settings: bind the database and keys once."""
    if db.database.obj is not None:
        return
    from jobs import context

    context.ensure_ready()


def run(org_id: str, scope: str, tool_ids: list | None = None, provider_ids: list | None = None,
        sync_provider_ids: list | None = None, block_ids: list | None = None,
        agent_ids: list | None = None) -> dict:
    """Reload the org's registry slice and rebuild dependents (of tools, providers and prompt
    blocks), and the agents ``agent_ids`` names (an applied document's saved agents). Returns
    the Rebuild result."""
    from runtime import registry
    from runtime.agents import build as agent_build
    from runtime.tools import discovery
    from store.models import ToolProvider

    _ensure_bound()
    with db.connection():
        affected = set(tool_ids or [])
        changed_providers = set(provider_ids or [])
        mcp_errors = []
        if sync_provider_ids:
            rows = [*ToolProvider.select().where(ToolProvider.org == org_id,
                                                 ToolProvider.id.in_(list(sync_provider_ids)),
                                                 ToolProvider.type == "mcp")
                    .order_by(ToolProvider.name)]
            for outcome in discovery.sync(org_id, rows):
                affected |= outcome.changed_tool_ids
                if outcome.changed_tool_ids or outcome.state_changed:
                    changed_providers.add(outcome.provider_id)
                if outcome.error:
                    mcp_errors.append({"providerId": outcome.provider_id,
                                       "providerName": outcome.provider_name,
                                       "error": outcome.error})
        dependents = agent_build.dependents(org_id, affected, changed_providers, block_ids or [])
        items, runtimes, build_ms = agent_build.build(
            org_id, sorted({*dependents, *(agent_ids or [])}))
        new_version = registry.bump(org_id)
        registry.patch(org_id, new_version, affected, runtimes)
        total, per_type = registry.counts(org_id)
    return shape(scope, affected, total, per_type, mcp_errors, items, build_ms)


def shape(scope, affected, total, per_type, mcp_errors, items, build_ms, pending: int = 0) -> dict:
    failed = [i for i in items if i["status"] == "failed"]
    result = {
        "scope": scope,
        "tools": {"affectedToolIds": sorted(affected), "totalToolIds": total,
                  "providerCounts": per_type, "mcpErrors": mcp_errors},
        "rebuilt": sum(1 for i in items if i["status"] == "built"),
        "failed": len(failed),
        "skipped": sum(1 for i in items if i["status"] == "skipped") + pending,
        "agents": items,
        "totalBuildTime": build_ms,
    }
    if failed:
        result["failedAgents"] = [{"agentVersionId": i["agentVersionId"],
                                   "runtimeId": i["runtimeId"], "error": i["error"]}
                                  for i in failed]
    return result


def pending(*, org_id, scope, tool_ids=(), provider_ids=(), sync_provider_ids=(),
            block_ids=(), agent_ids=()) -> dict:
    """The result of a rebuild that has not run yet: the dependents as `skipped`."""
    return _pending(org_id, scope, tool_ids, provider_ids, block_ids, agent_ids)


def _pending(org_id, scope, tool_ids, provider_ids, block_ids=(), agent_ids=()) -> dict:
    from runtime import registry
    from runtime.agents import build as agent_build

    total, per_type = registry.counts(org_id)
    waiting = {*agent_build.dependents(org_id, tool_ids or [], provider_ids or [],
                                       block_ids or []), *(agent_ids or [])}
    return shape(scope, set(tool_ids or []), total, per_type, [], [], 0, pending=len(waiting))


def dispatch(settings, *, org_id: str, scope: str, tool_ids=None, provider_ids=None,
             sync_provider_ids=None, block_ids=None, agent_ids=None) -> dict:
    kwargs = {"org_id": org_id, "scope": scope, "tool_ids": sorted(tool_ids or []),
              "provider_ids": sorted(provider_ids or []),
              "sync_provider_ids": sorted(sync_provider_ids or [])}
    if block_ids:  # only then, so that jobs stay readable by workers of the previous release
        kwargs["block_ids"] = sorted(block_ids)
    if agent_ids:  # likewise
        kwargs["agent_ids"] = sorted(agent_ids)
    if not settings.redis_url:
        return run(**kwargs)
    from rq import Queue
    from rq.results import Result

    from core.redis_client import connection as redis_connection

    queue = Queue(settings.rebuild_queue, connection=redis_connection(settings.redis_url))
    try:
        job = queue.enqueue(run, kwargs=kwargs, result_ttl=600, failure_ttl=3600,
                            job_timeout=max(60, settings.mcp_connect_timeout_ms // 1000 * 4 + 60))
    except redis.exceptions.RedisError as exc:  # the queue is down: rebuild here instead
        log.warning("rebuild queue unavailable (%s); rebuilding in this process",
                    type(exc).__name__)
        return run(**kwargs)
    deadline = time.monotonic() + settings.rebuild_wait_ms / 1000
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            break
        result = job.latest_result(timeout=max(1, min(1, int(left))))
        if result is not None:
            if result.type == Result.Type.SUCCESSFUL:
                return result.return_value
            log.error("rebuild job %s failed", job.id)
            from store.errors import Unavailable

            raise Unavailable("the registry rebuild failed; the change is saved and the "
                              "next change or sync rebuilds again", code="rebuild_failed")
    log.warning("rebuild job %s still running after %s ms", job.id, settings.rebuild_wait_ms)
    return _pending(org_id, scope, kwargs["tool_ids"], kwargs["provider_ids"],
                    kwargs.get("block_ids"), kwargs.get("agent_ids"))

"""One turn of an agent or a network: the run record, its execution, cancellation.

    run = turns.start(settings=s, org_id=o, agent_id=a, input="hi", user_id=u)   # queued record
    run = turns.execute(settings=s, org_id=o, run_id=run.id, history=[...], emit=emit)
    turns.cancel(org_id=o, run_id=run.id)

``start`` admits the run first: the group billed must be under its spend cap (429
``spend_cap_reached``) and the organization under its monthly run quota (429
``usage_limit_reached``). ``execute`` runs the turn (runtime/agents/loop.py: model, tools,
handoffs; runtime/agents/network.py: networks) and reports what happens through ``emit(kind, data)``
(kinds in EVENT_KINDS, data a JSON object), then returns the finished run. ``history`` is the
thread's earlier messages (runtime.models.Message), oldest first. Exactly one final event
(run.completed, run.failed or run.cancelled) is emitted per run. A turn cancelled after it
began to answer emits its partial answer as ``message.completed`` with ``interrupted: true``
before ``run.cancelled``.

The run's usage ({input_tokens, output_tokens, model_calls, tool_calls}) and its cost (the
price table AGENT_PLATFORM_PRICES) are stored on the run and charged to the billed group in
the spend ledger, in the same transaction as the run's end (failed and cancelled runs are
charged for what they used).
"""
from __future__ import annotations

import logging
import time
from typing import Callable, Iterable

from rules import ssrf
from runtime.approvals import service as approvals
from runtime.memory import tools as memory_tools
from runtime.agents import network as networks
from runtime.agents.loop import AwaitingApproval, Cancelled, Turn, TurnFailed, run_agent
from runtime.models import Message
from runtime.turns.watch import watcher
from store import agents, limits, runs, spend
from core import concurrency
from core import metrics
from core import oplog
from core import tracing
from core.db import atomic, utcnow
from store.errors import DomainError, Unavailable
from store.models import AgentRun

log = logging.getLogger("agent_platform.turns")

EVENT_KINDS = ("run.started", "message.delta", "tool.called", "tool.result", "agent.handoff",
               "memory.saved", "memory.deleted", "approval.requested", "approval.decided",
               "message.completed", "run.completed", "run.failed", "run.cancelled")
Emit = Callable[[str, dict], None]


def _no_emit(kind: str, data: dict) -> None:
    return None


def start(*, settings, org_id: str, input: str, agent_id: str | None = None,
          copilot_id: str | None = None, user_id: str | None = None,
          group_id: str | None = None, thread_id: str | None = None, admit: bool = True,
          network: dict | None = None, workflow_id: str | None = None,
          workflow_run_id: str | None = None, trigger_id: str | None = None,
          webhook_url: str | None = None) -> AgentRun:
    """A queued run of the agent (or network) for user_id, billed to the session's group
    (group_id), else the user's group, else Default. ``admit`` (default) applies the limits of
    turns in flight, the spend cap and the run quota; a nested run (a workflow's agent step)
    was admitted with its workflow.
    ``network`` is the network's runtime configuration when the caller already has it;
    ``workflow_id``/``workflow_run_id`` name the workflow run whose step this run is;
    ``trigger_id`` the inbound trigger that started it; ``webhook_url`` the run's own webhook
    (its end is posted there; the SSRF policy checks it now and when it is called)."""
    if webhook_url is not None:
        ssrf.check_url(webhook_url)
    if copilot_id is not None:
        if network is None:
            networks.config(org_id=org_id, copilot_id=copilot_id)
        kind = "copilot"
    else:
        agents.get(org_id=org_id, agent_id=agent_id)
        kind = "agent"
    group = spend.billing_group(org_id=org_id, group_id=group_id, user_id=user_id)
    with atomic():  # the turns in flight counted and this run created under one lock
        if admit:
            limits.check_turns_in_flight(org_id=org_id, user_id=user_id, settings=settings)
            spend.check_cap(org_id=org_id, group_id=group.group_id)
            limits.consume_run(org_id=org_id, settings=settings)
        return runs.create(org_id=org_id, kind=kind, input=input, agent_id=agent_id,
                           copilot_id=copilot_id, thread_id=thread_id, user_id=user_id,
                           group_id=group.group_id, workflow_id=workflow_id,
                           workflow_run_id=workflow_run_id, trigger_id=trigger_id,
                           webhook_url=webhook_url)


def execute(*, settings, org_id: str, run_id: str, history: Iterable[Message] = (),
            emit: Emit | None = None, depth: int = 0, network: dict | None = None) -> AgentRun:
    """``aexecute`` for synchronous callers (a workflow's agent step): the turn runs on the
    process's turn loop while this thread waits for it."""
    return concurrency.call(aexecute(settings=settings, org_id=org_id, run_id=run_id,
                                     history=history, emit=emit, depth=depth, network=network))


def _begin(org_id: str, run_id: str):
    """(run, resume state, whether it is this executor's to run); the organization's model
    settings read along."""
    run = runs.get(org_id=org_id, run_id=run_id)
    resume = run.approval if run.status == "queued" else None  # decided: continue the turn
    now = utcnow()
    if not runs.mark_running(run_id=run.id, now=now):
        return runs.get(org_id=org_id, run_id=run_id), None, False
    run.status, run.started_at, run.updated_at = "running", now, now  # as just written
    return run, resume, True


def _finish(org_id: str, run, turn: Turn, status: str, output, error, followups,
            answered_by, again: bool = False) -> AgentRun:
    """The run's end and its spend, in one transaction. ``again``: a first attempt lost its
    connection; when it committed after all (its spend is in the ledger) nothing is redone."""
    with atomic():
        if again and spend.recorded(run_id=run.id):
            return runs.get(org_id=org_id, run_id=run.id)
        runs.finish(run_id=run.id, status=status, output=output, steps=turn.steps,
                    usage=turn.usage, cost_micro_usd=turn.cost_micro, error=error,
                    followups=followups, agent_id=answered_by)
        spend.record(org_id=org_id, group_id=run.group_id, user_id=run.user_id,
                     model=(turn.models or [None])[0], input_tokens=turn.usage["input_tokens"],
                     output_tokens=turn.usage["output_tokens"], run_id=run.id,
                     cost_usd=turn.cost_micro / 1_000_000)
    return runs.get(org_id=org_id, run_id=run.id)


async def aexecute(*, settings, org_id: str, run_id: str, history: Iterable[Message] = (),
                   emit: Emit | None = None, depth: int = 0,
                   network: dict | None = None) -> AgentRun:
    """Execute a queued run; returns the finished run. A run that is not queued (taken by
    another executor, or cancelled while queued) is returned as it is. ``depth`` counts the
    runs this one is nested in (workflows and agents calling each other). A coroutine of the
    turn loop: database work goes in short hops (core/concurrency.py), and while the model or
    a tool is awaited the turn holds neither a thread nor a connection."""
    emit = emit or _no_emit
    hop = concurrency.hop
    run, resume, mine = await hop(_begin, org_id, run_id)
    if not mine:
        if run.status == "cancelled" and (run.started_at is None or run.approval):
            emit("run.cancelled", {"run": runs.to_dict(run)})
        return run
    clock = time.perf_counter()
    traced = tracing.start(f"invoke_agent {run.kind}", {
        "gen_ai.operation.name": "invoke_agent", "gen_ai.agent.id": run.agent_id,
        "gen_ai.conversation.id": run.thread_id, "agent_platform.run.id": run.id,
        "agent_platform.run.kind": run.kind, "agent_platform.copilot.id": run.copilot_id,
        "agent_platform.org.id": org_id})
    oplog.started("turn", **_log_ids(run))
    event = concurrency.Signal()
    watcher.hold(run.id, event, settings.turn_stale_ms)
    turn = Turn(settings, org_id, run, emit, event, depth)
    answered_by = run.agent_id
    output, followups, error, status = None, None, None, "succeeded"
    try:
        answered_by, followups = await _drive(turn, list(history), network, resume)
        output = "".join(turn.output_parts)
    except AwaitingApproval as paused:
        watcher.release(run.id)
        if await hop(approvals.pause, turn, paused, paused.conversation, paused.toolset,
                     resume):
            oplog.finished("turn", status="awaiting_approval",
                           duration_ms=(time.perf_counter() - clock) * 1000, **_log_ids(run))
            traced.end(**{"agent_platform.run.status": "awaiting_approval"})
            return await hop(runs.get, org_id=org_id, run_id=run_id)
        status = "cancelled"  # cancelled while it was running: end it as such
        error = {"code": "cancelled", "message": "the run was cancelled"}
        output = "".join(turn.output_parts) or None
    except Cancelled:
        status = "cancelled"
        error = {"code": "cancelled", "message": "the run was cancelled"}
        output = "".join(turn.output_parts) or None
        await hop(_cancel_children, turn)
    except TurnFailed as exc:
        status, error = "failed", {"code": exc.code, "message": exc.message}
    except DomainError as exc:  # the network or an agent went away meanwhile, ...
        status, error = "failed", {"code": exc.code, "message": exc.detail}
    except Exception:  # a bug: the run still ends, with its one final event
        log.exception("turn %s failed unexpectedly", run.id)
        status = "failed"
        error = {"code": "internal_error", "message": "the run failed unexpectedly"}
    finally:
        watcher.release(run.id)
    tries = []

    def finish():  # may run again after the database dropped its connection (a restart)
        tries.append(1)
        return _finish(org_id, run, turn, status, output, error, followups, answered_by,
                       again=len(tries) > 1)

    run = await concurrency.hop_again(finish)
    _observe(run, status, clock, turn)
    traced.end(error=(error or {}).get("code") if status == "failed" else None,
               **{"agent_platform.run.status": status, "gen_ai.agent.id": answered_by,
                  "gen_ai.usage.input_tokens": turn.usage["input_tokens"],
                  "gen_ai.usage.output_tokens": turn.usage["output_tokens"]})
    if status == "cancelled" and output:  # the partial answer is kept, marked as such
        emit("message.completed", {"run_id": run.id, "agent_id": _speaker(turn, answered_by),
                                   "content": output, "followups": [], "interrupted": True})
    final = {"succeeded": "run.completed", "failed": "run.failed", "cancelled": "run.cancelled"}
    data = {"run": runs.to_dict(run)}
    if status == "failed":
        data["error"] = error
    emit(final[status], data)
    return run


def _speaker(turn: Turn, default: str | None) -> str | None:
    """The agent that spoke last in the turn (a network's member after handoffs)."""
    return next((step["agent_id"] for step in reversed(turn.steps) if step.get("agent_id")),
                default)


def _log_ids(run) -> dict:
    """The ids on a turn's start and end lines (those that do not apply are left out)."""
    return {"run_id": run.id, "org_id": run.org_id, "kind": run.kind, "agent_id": run.agent_id,
            "copilot_id": run.copilot_id, "thread_id": run.thread_id,
            "workflow_run_id": run.workflow_run_id}


def _observe(run, status: str, clock: float, turn: Turn) -> None:
    """The turn's end line and its metrics."""
    seconds = time.perf_counter() - clock
    usd = turn.cost_micro / 1_000_000
    metrics.run_finished(run.kind, status, seconds)
    metrics.cost((turn.models or [None])[0], usd)
    oplog.finished("turn", status=status, duration_ms=seconds * 1000, **_log_ids(run),
                   input_tokens=turn.usage["input_tokens"],
                   output_tokens=turn.usage["output_tokens"], cost_usd=usd,
                   model_calls=turn.usage["model_calls"], tool_calls=turn.usage["tool_calls"])


async def _drive(turn: Turn, history: list, config: dict | None,
                 resume: dict | None = None) -> tuple[str, list | None]:
    """Run the turn (or, with ``resume``, continue a turn paused for approvals); returns
    (the agent that answered, follow-ups or None)."""
    run = turn.run
    first_agent = run.agent_id
    hop = concurrency.hop
    network, prepared, failure = await hop(_setup, turn, config, resume)
    if network is not None and run.kind == "copilot":
        first_agent = network.members[0].agent_id if network.members else None
    if resume is None:
        turn.emit("run.started", {"run_id": run.id, "agent_id": first_agent,
                                  "copilot_id": run.copilot_id})
    if failure is not None:
        raise failure
    if resume is None:
        active, pending = networks.first_member(network), None
        conversation = history + [Message.user(run.input)]
    else:
        agent_id, conversation, pending = approvals.restore(turn, resume)
        active = next((m for m in network.members if m.agent_id == agent_id), None)
        if active is None or active.runtime is None:
            raise TurnFailed("agent_not_built", f"the agent {agent_id} that was waiting for "
                             "the approval can no longer run")
    while True:
        if prepared is not None and prepared[0] is active:  # read with the network
            (toolset, system), prepared = prepared[1], None
        else:
            await memory_tools.embed_digest_query(turn, active.runtime)
            toolset, system = await hop(_prepare, network, turn, active)
        try:
            outcome = await run_agent(turn, active, toolset, system, conversation,
                                      resume=pending)
        except AwaitingApproval as paused:
            paused.conversation, paused.toolset = conversation, toolset
            raise
        pending = None
        if outcome[0] == "final":
            break
        _, target_id, reason = outcome
        target = network.member(target_id)
        with tracing.span("handoff", {"agent_platform.handoff.from_agent_id": active.agent_id,
                                      "agent_platform.handoff.to_agent_id": target.agent_id}):
            pass  # a marker in the turn's tree: the next model calls are the target's
        turn.handoffs += 1
        turn.steps.append({"type": "handoff", "from_agent_id": active.agent_id,
                           "to_agent_id": target.agent_id, "reason": reason})
        turn.emit("agent.handoff", {"run_id": run.id, "from_agent_id": active.agent_id,
                                    "to_agent_id": target.agent_id, "reason": reason})
        if target.runtime is None:
            raise TurnFailed("agent_not_built", f"the agent {target.name!r} cannot run: "
                             f"{target.error}")
        active = target
    followups = await networks.followups(turn, network, active, conversation) \
        if run.kind == "copilot" else None
    turn.emit("message.completed", {"run_id": run.id, "agent_id": active.agent_id,
                                    "content": "".join(turn.output_parts),
                                    "followups": followups or [], "interrupted": False})
    return active.agent_id, followups


def _network(turn: Turn, run, config: dict | None):
    if run.kind == "copilot":
        cfg = config or networks.config(org_id=turn.org_id, copilot_id=run.copilot_id)
        return networks.load(turn.org_id, cfg)
    return networks.for_agent(turn.org_id, run.agent_id)


def _prepare(network, turn: Turn, member) -> tuple:
    """The member's toolset and system text (database reads)."""
    return network.toolset(turn, member), network.system(member, turn)


def _setup(turn: Turn, config: dict | None, resume: dict | None) -> tuple:
    """The turn's reads in one hop: the organization's model settings, the network and, for a
    new turn, its first agent's toolset and system text. Returns (network, (member, prepared)
    or None, the failure to raise once run.started is out, or None)."""
    turn.load_model_config()
    try:
        network = _network(turn, turn.run, config)
    except Exception as exc:  # the network went away, ...: the turn fails after run.started
        return None, None, exc
    prepared = None
    first = network.members[0] if network.members else None
    if (resume is None and first is not None and first.runtime is not None
            and memory_tools.digest_ready(turn, first.runtime)):
        try:
            prepared = (first, _prepare(network, turn, first))
        except Exception:  # read again (and raised) where the agent starts
            prepared = None
    return network, prepared, None


def _cancel_children(turn: Turn) -> None:
    """Workflows running as tools of a cancelled turn are cancelled too."""
    from runtime.workflows import runs as workflow_runs

    for run_id in turn.children:
        try:
            workflow_runs.cancel(org_id=turn.org_id, run_id=run_id)
        except Exception:  # finished meanwhile
            pass


def cancel(*, org_id: str, run_id: str, user_id: str | None = None) -> AgentRun:
    """Cancel a run: a queued run is cancelled at once; an executing one stops at its next
    chunk, step or tool wait (at once in this process, within about 0.2 s from another).
    A finished run is returned unchanged."""
    run = runs.get(org_id=org_id, run_id=run_id, user_id=user_id)
    runs.request_cancel(run_id=run.id)
    watcher.cancel_local(run.id)
    return runs.get(org_id=org_id, run_id=run_id, user_id=user_id)


async def arun(*, settings, org_id: str, run_id: str, emit: Emit | None = None) -> AgentRun:
    """Execute a started synchronous run in one of the process's turn slots; a run that finds
    none free within AGENT_PLATFORM_SYNC_RUN_WAIT_MS is failed and the caller gets 503
    ``at_capacity`` with Retry-After. ``emit`` hears the turn's events (an MCP call's
    progress)."""
    try:
        async with concurrency.turn_slot(settings, wait_s=settings.sync_run_wait_ms / 1000):
            return await aexecute(settings=settings, org_id=org_id, run_id=run_id, emit=emit)
    except concurrency.AtCapacity:
        await concurrency.hop(runs.finish, run_id=run_id, status="failed", output=None,
                              steps=[], usage={}, cost_micro_usd=0,
                              error={"code": "at_capacity", "message": "the service had no "
                                     "room for the run in time"})
        raise Unavailable("the service is at capacity for synchronous runs; retry shortly",
                          code="at_capacity", headers={"Retry-After": "2"}) from None


def run(*, settings, org_id: str, input: str, agent_id: str | None = None,
        copilot_id: str | None = None, user_id: str | None = None,
        group_id: str | None = None, webhook_url: str | None = None):
    """One synchronous turn without a thread (POST /v1/agents/{id}/run, /v1/copilots/{id}/run):
    start it (admission included) in the calling thread, then execute it on the turn loop;
    returns the Future of the finished run (the request's thread is not held meanwhile)."""
    queued = start(settings=settings, org_id=org_id, input=input, agent_id=agent_id,
                   copilot_id=copilot_id, user_id=user_id, group_id=group_id,
                   webhook_url=webhook_url)
    return concurrency.submit(arun(settings=settings, org_id=org_id, run_id=queued.id))

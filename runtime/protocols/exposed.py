"""Calls of exposed networks, agents and workflows: what `/mcp` (``tools/call``) and
`/a2a/{id}` run, through the same functions as the REST operations.

    caller = Who(org_id=o, user_id=u, group_id=g, key_id=k)
    started = await start(settings, who=caller, exposure=row, arguments={"message": "hi"})
    result = await finish(settings, who=caller, started=started, progress=notify)

A network or an agent takes ``{message, thread_id?}``. With an end user (a session token's,
or ``X-User-Id`` with an API key) the turn runs in one of the user's threads (``runtime.chat.service``:
a new thread, or ``thread_id`` to continue one; another user's thread is 404), so the next
call can continue it; without an end user it is one turn without a thread, as
``POST /v1/copilots/{id}/run``. A workflow takes its input (checked against its
``input_schema``) and answers its output. Admission is the REST one: turns in flight, spend
cap, run quota (429 with the same codes).

``finish`` waits for the run's end, reporting progress (``progress(done, message)``), and
answers a ``Result``: the run's status (``succeeded``, ``failed``, ``cancelled`` or
``awaiting_approval``), its output, run id and thread id. Cancelling the waiting task cancels
the run. An idempotency key (``start(..., key=...)``) makes a retried call wait for the first
call's run instead of starting another.
"""
from __future__ import annotations

import asyncio
import dataclasses
import hashlib
import json
import logging

from runtime.chat import service as chat
from runtime.chat import events as chat_events
from runtime.turns import service as turns
from runtime.workflows import runs as workflow_runtime
from peewee import fn

from store import exposures, idempotency, run_events, runs, threads, workflow_runs
from core import concurrency
from store.errors import Conflict, Invalid, NotFound
from store.models import RunEvent

log = logging.getLogger("agent_platform.exposed")
POLL_S = (0.05, 0.1, 0.2, 0.5, 1.0)  # how often a run without live events is read again
TICK_S = 1.0  # an idle wait on a thread's events reads the run again this often


@dataclasses.dataclass(frozen=True)
class Who:
    """The caller of an exposed tool: its organization, end user, billed group and key."""

    org_id: str
    user_id: str | None = None
    group_id: str | None = None
    key_id: str | None = None
    session_id: str | None = None


@dataclasses.dataclass
class Started:
    """A call whose run was started (or found again, for a retried idempotent call)."""

    kind: str  # turn or workflow
    run_id: str
    thread_id: str | None = None
    future: object | None = None  # the turn executing in this process (thread-less turns)
    events: asyncio.Queue | None = None  # its events, handed over from the turn loop
    replayed: bool = False


@dataclasses.dataclass
class Result:
    status: str
    output: object
    run_id: str
    thread_id: str | None = None
    error: dict | None = None
    approvals: list | None = None

    def structured(self) -> dict:
        found = {"status": self.status, "output": self.output, "run_id": self.run_id,
                 "thread_id": self.thread_id}
        if self.error:
            found["error"] = self.error
        if self.approvals is not None:
            found["approvals"] = self.approvals
        return found

    def text(self) -> str:
        if self.status == "awaiting_approval":
            names = ", ".join(a.get("name") or a.get("call_id") or "?" for a in self.approvals or [])
            return (f"The run {self.run_id} is waiting for a person to approve a tool call "
                    f"({names}): decide it with POST /v1/runs/{self.run_id}/approvals.")
        if self.status == "failed":
            return f"The run failed: {(self.error or {}).get('message') or 'unknown error'}"
        if self.status == "cancelled":
            return "The run was cancelled."
        return self.output if isinstance(self.output, str) else json.dumps(self.output)


def input_schema(exposure, target) -> dict:
    """The tool's input schema: a turn's message (and thread), or the workflow's input."""
    if exposure.target_type == "workflow":
        schema = target.input_schema or {"type": "object"}
        return schema if schema.get("type") == "object" else {"type": "object"}
    return {"type": "object", "additionalProperties": False, "required": ["message"],
            "properties": {
                "message": {"type": "string", "minLength": 1, "maxLength": 32000,
                            "description": "The end user's message."},
                "thread_id": {"type": "string", "description": "Continue this thread (from "
                              "an earlier result's thread_id); needs an end user."}}}


def description(exposure, target) -> str:
    if exposure.description:
        return exposure.description
    return getattr(target, "description", None) or f"{exposure.target_type} {target.name}"


def _turn_arguments(arguments: dict) -> tuple[str, str | None]:
    message, thread_id = arguments.get("message"), arguments.get("thread_id")
    unknown = sorted(set(arguments) - {"message", "thread_id"})
    if unknown:
        raise Invalid(f"unknown argument {unknown[0]!r}: a network or an agent takes "
                      "message and thread_id", code="invalid_request")
    if not isinstance(message, str) or not message.strip():
        raise Invalid("message (a non-empty string) is required", code="invalid_request")
    if len(message) > 32000:
        raise Invalid("message is longer than 32000 characters", code="invalid_request")
    if thread_id is not None and not isinstance(thread_id, str):
        raise Invalid("thread_id must be a string", code="invalid_request")
    return message, thread_id


def _start_turn(settings, who: Who, exposure, arguments: dict) -> Started:
    message, thread_id = _turn_arguments(arguments)
    target = {f"{exposure.target_type}_id": exposure.target_id}
    if who.user_id is None and thread_id is not None:
        threads.need_user(None)
    if who.user_id is None:  # one turn without a thread, as POST /v1/copilots/{id}/run
        run = turns.start(settings=settings, org_id=who.org_id, input=message,
                          group_id=who.group_id, **target)
        return Started("turn", run.id)
    posted = chat.post(settings=settings, org_id=who.org_id, user_id=who.user_id,
                       group_id=who.group_id, message=message, thread_id=thread_id, **target)
    return Started("turn", posted["run"]["id"], posted["thread"]["id"])


def _start_workflow(settings, who: Who, exposure, arguments: dict) -> Started:
    run = workflow_runtime.start(settings=settings, org_id=who.org_id,
                                 workflow_id=exposure.target_id, input=arguments,
                                 user_id=who.user_id, group_id=who.group_id)
    return Started("workflow", run.id)


def _scope(who: Who, exposure) -> str:
    return idempotency.scope_of(who.org_id, who.key_id, who.session_id, who.user_id,
                                "exposure", exposure.id)


def begin(settings, *, who: Who, exposure=None, name: str | None = None, arguments: dict,
          key: str | None = None) -> Started:
    """Start the run of the exposure (or of the one called ``name``), synchronously: a hop or
    a request thread. With ``key``, a retry of the same call finds the first call's run (a
    different call with the same key is 422 ``idempotency_key_reused``)."""
    if exposure is None:
        exposure = exposures.named(org_id=who.org_id, name=name)
        if exposure is None:
            raise NotFound(f"unknown tool {name!r}", code="not_found")
    if exposure.target_type not in exposures.TYPES or exposures.target(
            org_id=who.org_id, exposure=exposure) is None:
        raise NotFound(f"the tool {exposure.name!r} is not available", code="not_found")
    starter = _start_workflow if exposure.target_type == "workflow" else _start_turn
    if key is None:
        return starter(settings, who, exposure, arguments)
    scope = _scope(who, exposure)
    digest = hashlib.sha256(json.dumps(arguments, sort_keys=True).encode()).hexdigest()
    first = idempotency.begin(org_id=who.org_id, scope=scope, key=key, request_hash=digest)
    if first is not None:
        body = first["body"]
        return Started(body["kind"], body["run_id"], body.get("thread_id"), replayed=True)
    try:
        started = starter(settings, who, exposure, arguments)
    except BaseException:
        idempotency.release(scope=scope, key=key)
        raise
    idempotency.finish(scope=scope, key=key, status=200, headers={},
                       body={"kind": started.kind, "run_id": started.run_id,
                             "thread_id": started.thread_id})
    return started


async def start(settings, *, who: Who, exposure=None, name: str | None = None,
                arguments: dict, key: str | None = None) -> Started:
    """``begin`` from a coroutine (one hop); a thread-less turn starts executing on the turn
    loop."""
    async def begun() -> Started:
        started = await concurrency.hop(begin, settings, who=who, exposure=exposure,
                                        name=name, arguments=arguments, key=key)
        if started.kind == "turn" and started.thread_id is None and not started.replayed:
            loop, started.events = asyncio.get_running_loop(), asyncio.Queue()

            def emit(kind: str, data: dict) -> None:  # on the turn loop (or a hop)
                if kind in _PROGRESS:
                    loop.call_soon_threadsafe(started.events.put_nowait, (kind, data))

            started.future = concurrency.submit(turns.arun(
                settings=settings, org_id=who.org_id, run_id=started.run_id, emit=emit))
        return started

    # shielded: a run that was created is executed even when its caller leaves meanwhile
    return await asyncio.shield(begun())


def _turn_result(run) -> Result:
    approvals = runs.to_dict(run).get("approvals") if run.status == "awaiting_approval" else None
    return Result(run.status, run.output, run.id, run.thread_id, run.error, approvals)


def _workflow_result(run) -> Result:
    body = workflow_runs.to_dict(run)
    approvals = None
    if run.status == "awaiting_approval":
        approvals = [s.get("approval") or {"step_id": s.get("id")} for s in body["steps"]
                     if s.get("status") == "awaiting_approval"]
    return Result(run.status, body.get("output"), run.id, None, body.get("error"), approvals)


def _turn_done(run) -> bool:
    return run.status in run_events.FINAL_STATUSES or run.status == "awaiting_approval"


async def finish(settings, *, who: Who, started: Started, progress=None,
                 cancel: bool = True) -> Result:
    """Wait for the run's end; ``progress(done, message)`` (a coroutine function) hears of
    its steps. Cancelled while waiting: the run is cancelled too (unless ``cancel`` is
    false: an A2A stream that is cut leaves its task running)."""
    progress = progress or _quiet
    try:
        if started.kind == "workflow":
            return await _follow_workflow(who, started, progress)
        if started.thread_id is not None:
            return await _follow_thread(settings, who, started, progress)
        if started.future is not None:
            return _turn_result(await _follow_future(started, progress))
        return await _poll_turn(who, started, progress)
    except asyncio.CancelledError:
        if cancel:
            await asyncio.shield(concurrency.hop(stop, who=who, started=started))
        raise


async def _quiet(done: int, message: str) -> None:
    return None


async def _follow_future(started: Started, progress):
    """The run executing in this process, its events reported as they come."""
    ended = asyncio.wrap_future(started.future)
    steps = 0
    while True:
        heard = asyncio.ensure_future(started.events.get())
        try:
            done, _ = await asyncio.wait({heard, ended}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            if not heard.done():
                heard.cancel()
        if heard not in done:
            return await ended
        steps = await _step(progress, steps, *heard.result())


def stop(*, who: Who, started: Started) -> None:
    """Cancel the call's run (its waiting caller went away)."""
    try:
        if started.kind == "workflow":
            workflow_runtime.cancel(org_id=who.org_id, run_id=started.run_id)
        elif started.thread_id is not None:
            chat.cancel(org_id=who.org_id, user_id=who.user_id, thread_id=started.thread_id)
        else:
            turns.cancel(org_id=who.org_id, run_id=started.run_id)
    except (Conflict, NotFound):  # it ended meanwhile
        pass


async def _poll_turn(who: Who, started: Started, progress) -> Result:
    for pause in _pauses():
        run = await concurrency.hop(runs.get, org_id=who.org_id, run_id=started.run_id)
        if _turn_done(run):
            return _turn_result(run)
        await asyncio.sleep(pause)


def _pauses():
    yield from POLL_S
    while True:
        yield POLL_S[-1]


async def _follow_workflow(who: Who, started: Started, progress) -> Result:
    seen = 0
    for pause in _pauses():
        run = await concurrency.hop(workflow_runs.get, org_id=who.org_id,
                                    run_id=started.run_id)
        done = sum(1 for s in run.steps or [] if s.get("status") in ("succeeded", "skipped"))
        if done > seen:
            seen = done
            await progress(done, f"{done} of {len(run.steps or [])} steps done")
        if run.status in workflow_runs.FINAL or run.status == "awaiting_approval":
            return _workflow_result(run)
        await asyncio.sleep(pause)


async def _follow_thread(settings, who: Who, started: Started, progress) -> Result:
    """The turn's events from its thread (live, and from the log for what live delivery
    missed) until its final event, or until it waits for an approval."""
    hub = chat_events.hub(settings)
    sub = await hub.subscribe(started.thread_id)
    steps = 0
    try:
        last = await concurrency.hop(_turn_start, started.thread_id, started.run_id)
        while True:
            rows = await concurrency.hop(run_events.after, thread_id=started.thread_id,
                                         seq=last)
            for row in rows:
                last = row.seq
                if row.run_id != started.run_id:
                    continue
                steps = await _step(progress, steps, row.kind, row.data)
                if row.kind in run_events.FINAL_KINDS or row.kind == "approval.requested":
                    return await _settled(who, started)
            while True:
                event = await sub.get(TICK_S)
                if event is None:  # idle: a turn that paused or whose executor died
                    run = await concurrency.hop(runs.get, org_id=who.org_id,
                                                run_id=started.run_id)
                    if run.status == "awaiting_approval":
                        return _turn_result(run)
                    if run.status in run_events.FINAL_STATUSES:
                        await concurrency.hop(chat.settle, settings, org_id=who.org_id,
                                              thread_id=started.thread_id)
                    break
                seq = event.get("seq")
                if not isinstance(seq, int) or seq > last + 1:
                    break  # a gap: read the log
                if seq <= last:
                    continue
                last = seq
                steps = await _step(progress, steps, event["kind"], event["data"])
                if event["kind"] in run_events.FINAL_KINDS or \
                        event["kind"] == "approval.requested":
                    return await _settled(who, started)
    finally:
        await asyncio.shield(hub.unsubscribe(sub))


async def _settled(who: Who, started: Started) -> Result:
    for pause in _pauses():  # the run record follows its final event within a hop
        run = await concurrency.hop(runs.get, org_id=who.org_id, run_id=started.run_id)
        if _turn_done(run):
            return _turn_result(run)
        await asyncio.sleep(pause)


def _turn_start(thread_id: str, run_id: str) -> int:
    """The seq after which the run's events begin in its thread."""
    E = RunEvent
    first = (E.select(fn.MIN(E.seq)).where(E.thread == thread_id, E.run_id == run_id).scalar())
    return first - 1 if first is not None else run_events.replay_start(thread_id=thread_id)


_PROGRESS = {"tool.called": "calling a tool", "tool.result": "a tool answered",
             "agent.handoff": "handed over to another agent",
             "approval.requested": "waiting for an approval", "message.completed": "answered"}


async def _step(progress, steps: int, kind: str, data: dict) -> int:
    if kind in _PROGRESS:
        steps += 1
        name = data.get("name") or data.get("tool_name")
        await progress(steps, f"{_PROGRESS[kind]}{f' ({name})' if name else ''}")
    return steps

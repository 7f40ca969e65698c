"""`/a2a/{id}`: each exposed network or agent as an A2A agent (the JSON-RPC binding of the
protocol the current `a2a-sdk` speaks, served by its dispatcher), a thin edge over
runtime/protocols/exposed.py.

`GET /a2a/{id}/.well-known/agent-card.json` answers the agent card (name, description, one
skill, streaming, the bearer security scheme) to credentials of the organization only (another
organization's exposure is 404). `POST /a2a/{id}` takes `SendMessage`, `SendStreamingMessage`
(SSE), `GetTask`, `CancelTask` and `SubscribeToTask` (a stream that was cut is resumed by
subscribing to the task again). A task is a run, a context is a thread (with an end user: a
session token's, or `X-User-Id` with an API key), and a task's state follows its run's status
(`awaiting_approval` is `TASK_STATE_INPUT_REQUIRED`). A message's `messageId` is its idempotency
key: a retried send answers the task the first send started.
"""
from __future__ import annotations

import asyncio
import re

from a2a.server.context import ServerCallContext
from a2a.server.request_handlers.request_handler import RequestHandler
from a2a.server.request_handlers.response_helpers import agent_card_to_dict
from a2a.server.routes.common import DefaultServerCallContextBuilder
from a2a.server.routes.jsonrpc_dispatcher import JsonRpcDispatcher
from a2a.types import a2a_pb2 as pb
from a2a.utils import errors as a2a_errors
from starlette.requests import Request
from starlette.responses import JSONResponse

from runtime.protocols import exposed
from server import auth
from store import exposures, limits, runs
from core import concurrency
from core import db
from core import tracing
from store.errors import DomainError, NotFound

CARD = re.compile(r"^/a2a/([0-9a-f-]{36})/\.well-known/agent-card\.json$")
RPC = re.compile(r"^/a2a/([0-9a-f-]{36})/?$")
CALLER_KEY, EXPOSURE_KEY = "agent_platform.a2a_caller", "agent_platform.a2a_exposure"
S = pb.TaskState
STATES = {"queued": S.TASK_STATE_SUBMITTED, "running": S.TASK_STATE_WORKING,
          "awaiting_approval": S.TASK_STATE_INPUT_REQUIRED,
          "succeeded": S.TASK_STATE_COMPLETED, "failed": S.TASK_STATE_FAILED,
          "cancelled": S.TASK_STATE_CANCELED}


class DomainA2AError(a2a_errors.InvalidRequestError):
    """A domain error: the HTTP API's code and status in the error's details."""


def a2a_error(exc: DomainError) -> a2a_errors.A2AError:
    data = {"code": exc.code, "status": str(exc.status)}
    if exc.headers.get("Retry-After"):
        data["retry_after"] = exc.headers["Retry-After"]
    if exc.status == 404:
        return a2a_errors.TaskNotFoundError(exc.detail, data)
    if exc.status >= 500:
        return a2a_errors.InternalError(exc.detail, data)
    return DomainA2AError(exc.detail, data)


def _text(message: pb.Message) -> str:
    return "\n".join(p.text for p in message.parts if p.text)


def _agent_message(run_id: str, context_id: str, text: str) -> pb.Message:
    return pb.Message(message_id=f"{run_id}-answer", task_id=run_id, context_id=context_id,
                      role=pb.Role.ROLE_AGENT, parts=[pb.Part(text=text)])


def task_of(run, note: str | None = None) -> pb.Task:
    context = run.thread_id or ""
    task = pb.Task(id=run.id, context_id=context)
    task.status.state = STATES.get(run.status, S.TASK_STATE_WORKING)
    if run.status == "awaiting_approval":
        note = (f"waiting for a person to approve a tool call: decide it with "
                f"POST /v1/runs/{run.id}/approvals")
    elif run.status == "failed":
        note = (run.error or {}).get("message") or "the run failed"
    if note:
        task.status.message.CopyFrom(_agent_message(run.id, context, note))
    task.history.append(pb.Message(message_id=f"{run.id}-input", task_id=run.id,
                                   context_id=context, role=pb.Role.ROLE_USER,
                                   parts=[pb.Part(text=run.input or "")]))
    if run.output:
        task.artifacts.append(pb.Artifact(artifact_id=f"{run.id}-answer", name="answer",
                                          parts=[pb.Part(text=run.output)]))
    if run.status == "succeeded" and run.output:
        task.history.append(_agent_message(run.id, context, run.output))
    return task


class Handler(RequestHandler):
    """The A2A methods over exposed runs (the caller and the exposure are on the request)."""

    def __init__(self, settings):
        self.settings = settings

    @staticmethod
    def _ids(context: ServerCallContext):
        return context.state["caller"], context.state["exposure"]

    async def _run(self, context, run_id: str):
        caller, exposure = self._ids(context)
        try:
            run = await concurrency.hop(runs.get, org_id=caller.org_id, run_id=run_id,
                                        user_id=caller.user_id)
        except NotFound:
            raise a2a_errors.TaskNotFoundError() from None
        if getattr(run, f"{exposure.target_type}_id", None) != exposure.target_id:
            raise a2a_errors.TaskNotFoundError()
        return run

    async def _start(self, params: pb.SendMessageRequest, context) -> exposed.Started:
        caller, exposure = self._ids(context)
        text = _text(params.message)
        if not text.strip():
            raise a2a_errors.InvalidParamsError("the message has no text part")
        if params.message.task_id:
            raise a2a_errors.UnsupportedOperationError(
                "a task is not continued by a message: send a new message in its context "
                "(an awaiting task's approval is decided with POST /v1/runs/{id}/approvals)")
        arguments = {"message": text}
        if params.message.context_id and caller.user_id:
            arguments["thread_id"] = params.message.context_id
        try:
            return await exposed.start(self.settings, who=_who(caller), exposure=exposure,
                                       arguments=arguments,
                                       key=params.message.message_id or None)
        except DomainError as exc:
            raise a2a_error(exc) from None

    async def on_message_send(self, params, context):
        caller, exposure = self._ids(context)
        with tracing.span("a2a SendMessage", {"agent_platform.exposure.id": exposure.id}):
            started = await self._start(params, context)
            if not params.configuration.return_immediately:
                try:
                    await exposed.finish(self.settings, who=_who(caller), started=started)
                except DomainError as exc:
                    raise a2a_error(exc) from None
            return task_of(await self._run(context, started.run_id))

    async def on_message_send_stream(self, params, context):
        started = await self._start(params, context)
        async for event in self._follow(context, started):
            yield event

    async def on_subscribe_to_task(self, params, context):
        run = await self._run(context, params.id)
        if run.status in ("succeeded", "failed", "cancelled"):
            raise a2a_errors.UnsupportedOperationError(
                "the task has ended: get it with GetTask")
        started = exposed.Started("turn", run.id, run.thread_id, replayed=True)
        async for event in self._follow(context, started):
            yield event

    async def _follow(self, context, started: exposed.Started):
        """The task, its progress as working status updates, then its last state (a stream
        that is cut leaves the task running: subscribe again to resume)."""
        caller, _ = self._ids(context)
        run = await self._run(context, started.run_id)
        yield task_of(run)
        updates: asyncio.Queue = asyncio.Queue()

        async def progress(done: int, message: str) -> None:
            updates.put_nowait(message)

        waiting = asyncio.ensure_future(exposed.finish(
            self.settings, who=_who(caller), started=started, progress=progress, cancel=False))
        try:
            while not waiting.done() or not updates.empty():
                getter = asyncio.ensure_future(updates.get())
                await asyncio.wait({getter, waiting}, return_when=asyncio.FIRST_COMPLETED)
                if getter.done():
                    yield pb.TaskStatusUpdateEvent(
                        task_id=run.id, context_id=run.thread_id or "",
                        status=pb.TaskStatus(state=S.TASK_STATE_WORKING,
                                             message=_agent_message(run.id, run.thread_id or "",
                                                                    getter.result())))
                else:
                    getter.cancel()
            try:
                await waiting
            except DomainError as exc:
                raise a2a_error(exc) from None
            final = task_of(await self._run(context, started.run_id))
            if final.artifacts:
                yield pb.TaskArtifactUpdateEvent(task_id=final.id, context_id=final.context_id,
                                                 artifact=final.artifacts[0], last_chunk=True)
            yield pb.TaskStatusUpdateEvent(task_id=final.id, context_id=final.context_id,
                                           status=final.status)
        finally:
            if not waiting.done():
                waiting.cancel()

    async def on_get_task(self, params, context):
        return task_of(await self._run(context, params.id))

    async def on_cancel_task(self, params, context):
        caller, exposure = self._ids(context)
        run = await self._run(context, params.id)
        if run.status in ("succeeded", "failed", "cancelled"):
            raise a2a_errors.TaskNotCancelableError(f"the task has ended ({run.status})")
        started = exposed.Started("turn", run.id, run.thread_id)
        await concurrency.hop(exposed.stop, who=_who(caller), started=started)
        run = await self._run(context, params.id)
        return task_of(run)

    async def on_list_tasks(self, params, context):
        raise a2a_errors.UnsupportedOperationError("list the runs with GET /v1/runs")

    async def _no_push(self, *args, **kwargs):
        raise a2a_errors.PushNotificationNotSupportedError()

    on_create_task_push_notification_config = _no_push
    on_get_task_push_notification_config = _no_push
    on_list_task_push_notification_configs = _no_push
    on_delete_task_push_notification_config = _no_push

    async def on_get_extended_agent_card(self, params, context):
        raise a2a_errors.ExtendedAgentCardNotConfiguredError()


def _who(caller) -> exposed.Who:
    return exposed.Who(org_id=caller.org_id, user_id=caller.user_id, group_id=caller.group_id,
                       key_id=caller.key_id, session_id=caller.session_id)


class _Context(DefaultServerCallContextBuilder):
    """The call's context: the caller and the exposure (never the request's headers, which
    hold the credential)."""

    def build(self, request: Request) -> ServerCallContext:
        context = super().build(request)  # the headers name the protocol version, ...
        context.state["headers"] = {k: v for k, v in context.state.get("headers", {}).items()
                                    if k.lower() not in ("authorization", "cookie")}
        context.state["caller"] = request.scope[CALLER_KEY]
        context.state["exposure"] = request.scope[EXPOSURE_KEY]
        return context


def card(exposure, target, base_url: str) -> pb.AgentCard:
    url = f"{base_url}/a2a/{exposure.id}"
    text = exposed.description(exposure, target)
    found = pb.AgentCard(
        name=exposure.name, description=text, version="1.0.0",
        supported_interfaces=[pb.AgentInterface(url=url, protocol_binding="JSONRPC",
                                                protocol_version="1.0")],
        capabilities=pb.AgentCapabilities(streaming=True, push_notifications=False),
        default_input_modes=["text/plain"], default_output_modes=["text/plain"],
        skills=[pb.AgentSkill(id=exposure.name, name=exposure.name, description=text,
                              tags=[exposure.target_type])])
    found.security_schemes["bearer"].http_auth_security_scheme.CopyFrom(
        pb.HTTPAuthSecurityScheme(scheme="bearer", description="An API key of the "
                                  "organization, or a session token of an end user"))
    found.security_requirements.add().schemes["bearer"].SetInParent()
    return found


class Edge:
    def __init__(self, settings):
        self.settings = settings
        self.dispatcher = JsonRpcDispatcher(Handler(settings), context_builder=_Context())

    def _admit(self, scope, exposure_id: str):
        allowed = frozenset({auth.API_KEY, auth.SESSION_TOKEN})
        with db.connection():
            caller = auth.authorize(self.settings, allowed, True, scope)
            limits.check_request(org_id=caller.org_id, settings=self.settings)
            exposure = exposures.get(org_id=caller.org_id, exposure_id=exposure_id)
            target = exposures.target(org_id=caller.org_id, exposure=exposure)
            if exposure.target_type == "workflow" or target is None:
                raise NotFound("exposure not found")
            return caller, exposure, target

    async def handle(self, scope, receive, send, exposure_id: str, is_card: bool) -> None:
        caller, exposure, target = await auth.in_thread(self._admit, scope, exposure_id)
        request = Request(scope, receive)
        if is_card:
            base = str(request.base_url).rstrip("/")
            response = JSONResponse(agent_card_to_dict(card(exposure, target, base)))
        else:
            scope[CALLER_KEY], scope[EXPOSURE_KEY] = caller, exposure
            response = await self.dispatcher.handle_requests(Request(scope, receive))
        await response(scope, receive, send)


class Middleware:
    """Routes `/a2a/...` to the edge; everything else to the app."""

    def __init__(self, app, edge: Edge):
        self.app, self.edge = app, edge

    async def __call__(self, scope, receive, send):
        if scope["type"] == "http" and scope["path"].startswith("/a2a/"):
            path, method = scope["path"], scope["method"]
            found = CARD.match(path)
            if found and method == "GET":
                return await self.edge.handle(scope, receive, send, found.group(1), True)
            found = RPC.match(path)
            if found and method == "POST":
                return await self.edge.handle(scope, receive, send, found.group(1), False)
        await self.app(scope, receive, send)

"""Made from `_resources.py` by `sdk/python/make_async.py` (edit that, then run it): the same
with `async`. `AsyncClient` is `Client` with `await`, `async for` and `async with`:

    async with AsyncClient(api_key="ap_...") as client:
        agent = (await client.agents.create(name="Helper")).agent
        async for each in client.agents.list():
            print(each.id)
        async for event in client.chat.stream(thread_id):
            ...
"""
from __future__ import annotations

import asyncio
import time
import typing as t

from agent_platform_client.models import (Agent, AgentVersion, ChatMessage, Copilot, Thread, Tool,
                                          ToolProvider, TurnRun, Workflow, WorkflowRun,
                                          WorkflowSchedule,
                                          AgentBody, AgentDeleted, AgentList, AgentResult,
                                          AgentVersionList, ApprovalDecisionResult, ChatTurn,
                                          CopilotBody, CopilotDeployResult, CopilotList,
                                          CopilotWithAuth, MessageList, Organization,
                                          RebuildOnly, RunEventList, SessionTokens, ThreadList,
                                          ToolBody, ToolExecution, ToolList, ToolProviderBody,
                                          ToolProviderList, ToolProviderResult, ToolResult,
                                          TurnRunBody, TurnRunList, TurnRunResult,
                                          WorkflowBody, WorkflowList, WorkflowRunBody,
                                          WorkflowRunList, WorkflowScheduleBody,
                                          WorkflowScheduleList)


from ._base import Request
from ._pages import AsyncPager
from ._async_stream import AsyncChatStream
from ._types import NOT_GIVEN, Id, M, NotGiven, Tagged, body

if t.TYPE_CHECKING:
    from ._async_client import AsyncClient

Given = t.Union[t.Any, NotGiven]
T = t.TypeVar("T")
WAITING = frozenset({"queued", "running"})


class _Resource:
    def __init__(self, client: AsyncClient) -> None:
        self._c = client

    def _pager(self, path: str, cast_to: type[M], items: t.Callable[[M], list[T]],
               params: dict[str, t.Any], limit: int | None) -> AsyncPager[M, T]:
        async def fetch(cursor: str | None) -> M:
            return await self._c._call(Request("GET", path, {**params, "limit": limit,
                                                       "cursor": cursor}), cast_to)
        return AsyncPager(fetch, items)


def _if_match(etag: str | None) -> dict[str, str]:
    return {"If-Match": etag} if etag else {}


def _user(user_id: str | None) -> dict[str, str]:
    return {"X-User-Id": user_id} if user_id else {}


class OrganizationResource(_Resource):
    async def get(self) -> Organization:
        return await self._c._call(Request("GET", "/v1/organization"), Organization)


class ToolProviders(_Resource):
    async def create(self, *, name: str, type: str, base_url: Given = NOT_GIVEN,
               auth: Given = NOT_GIVEN, mcp: Given = NOT_GIVEN, description: Given = NOT_GIVEN,
               **extra: t.Any) -> ToolProviderResult:
        return await self._c._call(Request("POST", "/v1/tool-providers", json=body(
            name=name, type=type, base_url=base_url, auth=auth, mcp=mcp,
            description=description, **extra)), ToolProviderResult)

    async def get(self, provider_id: Id) -> ToolProviderBody:
        return await self._c._call(Request("GET", f"/v1/tool-providers/{provider_id}"), ToolProviderBody)

    def list(self, *, limit: int | None = None) -> AsyncPager[ToolProviderList, ToolProvider]:
        return self._pager("/v1/tool-providers", ToolProviderList, lambda p: p.tool_providers,
                           {}, limit)

    async def delete(self, provider_id: Id, *, if_match: str | None = None) -> RebuildOnly:
        return await self._c._call(Request("DELETE", f"/v1/tool-providers/{provider_id}",
                                     headers=_if_match(if_match)), RebuildOnly)


class Tools(_Resource):
    async def create(self, *, tool_provider_id: Id, name: str, path: str, method: Given = NOT_GIVEN,
               description: Given = NOT_GIVEN, input_schema: Given = NOT_GIVEN,
               requires_approval: Given = NOT_GIVEN, **extra: t.Any) -> ToolResult:
        return await self._c._call(Request("POST", "/v1/tools", json=body(
            tool_provider_id=tool_provider_id, name=name, path=path, method=method,
            description=description, input_schema=input_schema,
            requires_approval=requires_approval, **extra)), ToolResult)

    async def get(self, tool_id: Id) -> ToolBody:
        return await self._c._call(Request("GET", f"/v1/tools/{tool_id}"), ToolBody)

    async def get_with_etag(self, tool_id: Id) -> Tagged[ToolBody]:
        return await self._c._tagged(f"/v1/tools/{tool_id}", ToolBody)

    async def update(self, tool_id: Id, *, if_match: str | None = None, **fields: t.Any) -> ToolResult:
        return await self._c._call(Request("PATCH", f"/v1/tools/{tool_id}", json=body(**fields),
                                     headers=_if_match(if_match)), ToolResult)

    async def delete(self, tool_id: Id, *, if_match: str | None = None) -> RebuildOnly:
        return await self._c._call(Request("DELETE", f"/v1/tools/{tool_id}",
                                     headers=_if_match(if_match)), RebuildOnly)

    def list(self, *, tool_provider_id: Id | None = None,
             limit: int | None = None) -> AsyncPager[ToolList, Tool]:
        return self._pager("/v1/tools", ToolList, lambda p: p.tools,
                           {"tool_provider_id": tool_provider_id}, limit)

    async def execute(self, tool_id: Id, *, input: dict[str, t.Any] | None = None) -> ToolExecution:
        return await self._c._call(Request("POST", f"/v1/tools/{tool_id}/execute",
                                     json=body(input=input or {})), ToolExecution)


class Agents(_Resource):
    async def create(self, *, name: str, instructions: Given = NOT_GIVEN,
               description: Given = NOT_GIVEN, model: Given = NOT_GIVEN,
               tool_ids: t.Sequence[Id] | NotGiven = NOT_GIVEN, **extra: t.Any) -> AgentResult:
        return await self._c._call(Request("POST", "/v1/agents", json=body(
            name=name, instructions=instructions, description=description, model=model,
            tool_ids=tool_ids, **extra)), AgentResult)

    async def get(self, agent_id: Id) -> AgentBody:
        return await self._c._call(Request("GET", f"/v1/agents/{agent_id}"), AgentBody)

    async def get_with_etag(self, agent_id: Id) -> Tagged[AgentBody]:
        return await self._c._tagged(f"/v1/agents/{agent_id}", AgentBody)

    async def update(self, agent_id: Id, *, if_match: str | None = None,
               **fields: t.Any) -> AgentResult:
        return await self._c._call(Request("PATCH", f"/v1/agents/{agent_id}", json=body(**fields),
                                     headers=_if_match(if_match)), AgentResult)

    async def delete(self, agent_id: Id, *, if_match: str | None = None) -> AgentDeleted:
        return await self._c._call(Request("DELETE", f"/v1/agents/{agent_id}",
                                     headers=_if_match(if_match)), AgentDeleted)

    def list(self, *, limit: int | None = None) -> AsyncPager[AgentList, Agent]:
        return self._pager("/v1/agents", AgentList, lambda p: p.agents, {}, limit)

    def versions(self, agent_id: Id, *,
                 limit: int | None = None) -> AsyncPager[AgentVersionList, AgentVersion]:
        return self._pager(f"/v1/agents/{agent_id}/versions", AgentVersionList,
                           lambda p: p.versions, {}, limit)

    async def run(self, agent_id: Id, *, input: str, user_id: str | None = None) -> TurnRunResult:
        return await self._c._call(Request("POST", f"/v1/agents/{agent_id}/run", json=body(input=input),
                                     headers=_user(user_id)), TurnRunResult)


class Copilots(_Resource):
    async def create(self, *, name: str, agents: Given = NOT_GIVEN, workflows: Given = NOT_GIVEN,
               sdk_ui: Given = NOT_GIVEN, description: Given = NOT_GIVEN,
               **extra: t.Any) -> CopilotBody:
        return await self._c._call(Request("POST", "/v1/copilots", json=body(
            name=name, agents=agents, workflows=workflows, sdk_ui=sdk_ui,
            description=description, **extra)), CopilotBody)

    async def get(self, copilot_id: Id) -> CopilotWithAuth:
        return await self._c._call(Request("GET", f"/v1/copilots/{copilot_id}"), CopilotWithAuth)

    def list(self, *, limit: int | None = None) -> AsyncPager[CopilotList, Copilot]:
        return self._pager("/v1/copilots", CopilotList, lambda p: p.copilots, {}, limit)

    async def deploy(self, copilot_id: Id, *, target: str, **extra: t.Any) -> CopilotDeployResult:
        return await self._c._call(Request("POST", f"/v1/copilots/{copilot_id}/deploy",
                                     json=body(target=target, **extra)), CopilotDeployResult)

    async def run(self, copilot_id: Id, *, input: str, user_id: str | None = None) -> TurnRunResult:
        return await self._c._call(Request("POST", f"/v1/copilots/{copilot_id}/run",
                                     json=body(input=input), headers=_user(user_id)),
                             TurnRunResult)


class Sessions(_Resource):
    async def create(self, *, user_id: str, group_id: Given = NOT_GIVEN,
               tools_auth: Given = NOT_GIVEN) -> SessionTokens:
        return await self._c._call(Request("POST", "/v1/sessions", json=body(
            user_id=user_id, group_id=group_id, tools_auth=tools_auth)), SessionTokens)


class Chat(_Resource):
    async def send(self, *, message: str, agent_id: Id | None = None, copilot_id: Id | None = None,
             thread_id: Id | None = None, multitask_strategy: Given = NOT_GIVEN,
             user_id: str | None = None) -> ChatTurn:
        """`POST /v1/chat`: store the message and queue its turn (202)."""
        fields = body(message=message, thread_id=thread_id if thread_id else NOT_GIVEN,
                      multitask_strategy=multitask_strategy,
                      **({"agent_id": agent_id} if agent_id else {"copilot_id": copilot_id}))
        return await self._c._call(Request("POST", "/v1/chat", json=fields, headers=_user(user_id)),
                             ChatTurn)

    def stream(self, thread_id: Id, *, last_event_id: int | None = None,
               until_run: Id | None = None, until_final: bool = True,
               user_id: str | None = None, reconnects: int = 5,
               read_timeout: float = 60.0) -> AsyncChatStream:
        """The thread's events, typed (see `AsyncChatStream`)."""
        return AsyncChatStream(self._c, str(thread_id), last_event_id=last_event_id,
                          until_run=str(until_run) if until_run else None,
                          until_final=until_final, user_id=user_id, reconnects=reconnects,
                          read_timeout=read_timeout)

    async def cancel(self, thread_id: Id, *, user_id: str | None = None) -> TurnRunBody:
        return await self._c._call(Request("DELETE", "/v1/chat/stream",
                                     {"thread_id": str(thread_id)}, headers=_user(user_id)),
                             TurnRunBody)


class Threads(_Resource):
    def list(self, *, user_id: str | None = None,
             limit: int | None = None) -> AsyncPager[ThreadList, Thread]:
        async def fetch(cursor: str | None) -> ThreadList:
            return await self._c._call(Request("GET", "/v1/threads", {"limit": limit, "cursor": cursor},
                                         headers=_user(user_id)), ThreadList)
        return AsyncPager(fetch, lambda p: p.threads)


class Messages(_Resource):
    def list(self, *, thread_id: Id, order: str | None = None, user_id: str | None = None,
             limit: int | None = None) -> AsyncPager[MessageList, ChatMessage]:
        async def fetch(cursor: str | None) -> MessageList:
            return await self._c._call(Request("GET", "/v1/messages", {
                "thread_id": str(thread_id), "order": order, "limit": limit, "cursor": cursor},
                headers=_user(user_id)), MessageList)
        return AsyncPager(fetch, lambda p: p.messages)


class Runs(_Resource):
    async def get(self, run_id: Id) -> TurnRunBody:
        return await self._c._call(Request("GET", f"/v1/runs/{run_id}"), TurnRunBody)

    def list(self, *, status: str | None = None, agent_id: Id | None = None,
             copilot_id: Id | None = None, limit: int | None = None) -> AsyncPager[TurnRunList, TurnRun]:
        return self._pager("/v1/runs", TurnRunList, lambda p: p.runs, {
            "status": status, "agent_id": agent_id, "copilot_id": copilot_id}, limit)

    def events(self, run_id: Id, *, limit: int | None = None) -> AsyncPager[RunEventList, t.Any]:
        return self._pager(f"/v1/runs/{run_id}/events", RunEventList, lambda p: p.events,
                           {}, limit)

    async def decide_approval(self, run_id: Id, *, call_id: str, decision: str,
                        comment: Given = NOT_GIVEN,
                        user_id: str | None = None) -> ApprovalDecisionResult:
        """Approve or deny a call waiting in `awaiting_approval` (`decision`: approve|deny)."""
        return await self._c._call(Request("POST", f"/v1/runs/{run_id}/approvals", json=body(
            call_id=call_id, decision=decision, comment=comment), headers=_user(user_id)),
            ApprovalDecisionResult)


class Workflows(_Resource):
    async def create(self, *, name: str, steps: t.Sequence[t.Any], description: Given = NOT_GIVEN,
               input_schema: Given = NOT_GIVEN, **extra: t.Any) -> WorkflowBody:
        return await self._c._call(Request("POST", "/v1/workflows", json=body(
            name=name, steps=steps, description=description, input_schema=input_schema,
            **extra)), WorkflowBody)

    async def get(self, workflow_id: Id) -> WorkflowBody:
        return await self._c._call(Request("GET", f"/v1/workflows/{workflow_id}"), WorkflowBody)

    def list(self, *, limit: int | None = None) -> AsyncPager[WorkflowList, Workflow]:
        return self._pager("/v1/workflows", WorkflowList, lambda p: p.workflows, {}, limit)

    async def run(self, workflow_id: Id, *, input: dict[str, t.Any] | None = None) -> WorkflowRunBody:
        return await self._c._call(Request("POST", f"/v1/workflows/{workflow_id}/run",
                                     json=body(input=input or {})), WorkflowRunBody)


class WorkflowRuns(_Resource):
    async def get(self, run_id: Id) -> WorkflowRunBody:
        return await self._c._call(Request("GET", f"/v1/workflow-runs/{run_id}"), WorkflowRunBody)

    def list(self, *, workflow_id: Id | None = None,
             limit: int | None = None) -> AsyncPager[WorkflowRunList, WorkflowRun]:
        return self._pager("/v1/workflow-runs", WorkflowRunList, lambda p: p.runs,
                           {"workflow_id": workflow_id}, limit)

    async def wait(self, run_id: Id, *, timeout: float = 60.0, interval: float = 0.2) -> WorkflowRunBody:
        """Poll until the run is neither queued nor running (waiting for approval counts as
        done waiting: a person must act); TimeoutError after `timeout` seconds."""
        deadline = time.monotonic() + timeout
        while True:
            current = await self.get(run_id)
            if str(current.run.status) not in WAITING:
                return current
            if time.monotonic() > deadline:
                raise TimeoutError(f"workflow run {run_id} still {current.run.status}")
            await asyncio.sleep(interval)


class WorkflowSchedules(_Resource):
    async def create(self, *, workflow_id: Id, cron: Given = NOT_GIVEN, run_at: Given = NOT_GIVEN,
               recurrence: Given = NOT_GIVEN, timezone: Given = NOT_GIVEN,
               description: Given = NOT_GIVEN, input: Given = NOT_GIVEN,
               **extra: t.Any) -> WorkflowScheduleBody:
        return await self._c._call(Request("POST", "/v1/workflow-schedules", json=body(
            workflow_id=workflow_id, cron=cron, run_at=run_at, recurrence=recurrence,
            timezone=timezone, description=description, input=input, **extra)),
            WorkflowScheduleBody)

    async def get(self, schedule_id: Id) -> WorkflowScheduleBody:
        return await self._c._call(Request("GET", f"/v1/workflow-schedules/{schedule_id}"),
                             WorkflowScheduleBody)

    def list(self, *, limit: int | None = None) -> AsyncPager[WorkflowScheduleList, WorkflowSchedule]:
        return self._pager("/v1/workflow-schedules", WorkflowScheduleList,
                           lambda p: p.schedules, {}, limit)

    async def run_now(self, schedule_id: Id) -> WorkflowRunBody:
        return await self._c._call(Request("POST", f"/v1/workflow-schedules/{schedule_id}/run-now"),
                             WorkflowRunBody)

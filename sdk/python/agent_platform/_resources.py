"""The resource namespaces of `Client` (`client.agents`, `client.chat`, ...): one method per
operation, answers parsed into the generated models (see `_client.py`)."""
from __future__ import annotations

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
from ._pages import Pager
from ._stream import ChatStream
from ._types import NOT_GIVEN, Id, M, NotGiven, Tagged, body

if t.TYPE_CHECKING:
    from ._client import Client

Given = t.Union[t.Any, NotGiven]
T = t.TypeVar("T")
WAITING = frozenset({"queued", "running"})


class _Resource:
    def __init__(self, client: Client) -> None:
        self._c = client

    def _pager(self, path: str, cast_to: type[M], items: t.Callable[[M], list[T]],
               params: dict[str, t.Any], limit: int | None) -> Pager[M, T]:
        def fetch(cursor: str | None) -> M:
            return self._c._call(Request("GET", path, {**params, "limit": limit,
                                                       "cursor": cursor}), cast_to)
        return Pager(fetch, items)


def _if_match(etag: str | None) -> dict[str, str]:
    return {"If-Match": etag} if etag else {}


def _user(user_id: str | None) -> dict[str, str]:
    return {"X-User-Id": user_id} if user_id else {}


class OrganizationResource(_Resource):
    def get(self) -> Organization:
        return self._c._call(Request("GET", "/v1/organization"), Organization)


class ToolProviders(_Resource):
    def create(self, *, name: str, type: str, base_url: Given = NOT_GIVEN,
               auth: Given = NOT_GIVEN, mcp: Given = NOT_GIVEN, description: Given = NOT_GIVEN,
               **extra: t.Any) -> ToolProviderResult:
        return self._c._call(Request("POST", "/v1/tool-providers", json=body(
            name=name, type=type, base_url=base_url, auth=auth, mcp=mcp,
            description=description, **extra)), ToolProviderResult)

    def get(self, provider_id: Id) -> ToolProviderBody:
        return self._c._call(Request("GET", f"/v1/tool-providers/{provider_id}"), ToolProviderBody)

    def list(self, *, limit: int | None = None) -> Pager[ToolProviderList, ToolProvider]:
        return self._pager("/v1/tool-providers", ToolProviderList, lambda p: p.tool_providers,
                           {}, limit)

    def delete(self, provider_id: Id, *, if_match: str | None = None) -> RebuildOnly:
        return self._c._call(Request("DELETE", f"/v1/tool-providers/{provider_id}",
                                     headers=_if_match(if_match)), RebuildOnly)


class Tools(_Resource):
    def create(self, *, tool_provider_id: Id, name: str, path: str, method: Given = NOT_GIVEN,
               description: Given = NOT_GIVEN, input_schema: Given = NOT_GIVEN,
               requires_approval: Given = NOT_GIVEN, **extra: t.Any) -> ToolResult:
        return self._c._call(Request("POST", "/v1/tools", json=body(
            tool_provider_id=tool_provider_id, name=name, path=path, method=method,
            description=description, input_schema=input_schema,
            requires_approval=requires_approval, **extra)), ToolResult)

    def get(self, tool_id: Id) -> ToolBody:
        return self._c._call(Request("GET", f"/v1/tools/{tool_id}"), ToolBody)

    def get_with_etag(self, tool_id: Id) -> Tagged[ToolBody]:
        return self._c._tagged(f"/v1/tools/{tool_id}", ToolBody)

    def update(self, tool_id: Id, *, if_match: str | None = None, **fields: t.Any) -> ToolResult:
        return self._c._call(Request("PATCH", f"/v1/tools/{tool_id}", json=body(**fields),
                                     headers=_if_match(if_match)), ToolResult)

    def delete(self, tool_id: Id, *, if_match: str | None = None) -> RebuildOnly:
        return self._c._call(Request("DELETE", f"/v1/tools/{tool_id}",
                                     headers=_if_match(if_match)), RebuildOnly)

    def list(self, *, tool_provider_id: Id | None = None,
             limit: int | None = None) -> Pager[ToolList, Tool]:
        return self._pager("/v1/tools", ToolList, lambda p: p.tools,
                           {"tool_provider_id": tool_provider_id}, limit)

    def execute(self, tool_id: Id, *, input: dict[str, t.Any] | None = None) -> ToolExecution:
        return self._c._call(Request("POST", f"/v1/tools/{tool_id}/execute",
                                     json=body(input=input or {})), ToolExecution)


class Agents(_Resource):
    def create(self, *, name: str, instructions: Given = NOT_GIVEN,
               description: Given = NOT_GIVEN, model: Given = NOT_GIVEN,
               tool_ids: t.Sequence[Id] | NotGiven = NOT_GIVEN, **extra: t.Any) -> AgentResult:
        return self._c._call(Request("POST", "/v1/agents", json=body(
            name=name, instructions=instructions, description=description, model=model,
            tool_ids=tool_ids, **extra)), AgentResult)

    def get(self, agent_id: Id) -> AgentBody:
        return self._c._call(Request("GET", f"/v1/agents/{agent_id}"), AgentBody)

    def get_with_etag(self, agent_id: Id) -> Tagged[AgentBody]:
        return self._c._tagged(f"/v1/agents/{agent_id}", AgentBody)

    def update(self, agent_id: Id, *, if_match: str | None = None,
               **fields: t.Any) -> AgentResult:
        return self._c._call(Request("PATCH", f"/v1/agents/{agent_id}", json=body(**fields),
                                     headers=_if_match(if_match)), AgentResult)

    def delete(self, agent_id: Id, *, if_match: str | None = None) -> AgentDeleted:
        return self._c._call(Request("DELETE", f"/v1/agents/{agent_id}",
                                     headers=_if_match(if_match)), AgentDeleted)

    def list(self, *, limit: int | None = None) -> Pager[AgentList, Agent]:
        return self._pager("/v1/agents", AgentList, lambda p: p.agents, {}, limit)

    def versions(self, agent_id: Id, *,
                 limit: int | None = None) -> Pager[AgentVersionList, AgentVersion]:
        return self._pager(f"/v1/agents/{agent_id}/versions", AgentVersionList,
                           lambda p: p.versions, {}, limit)

    def run(self, agent_id: Id, *, input: str, user_id: str | None = None) -> TurnRunResult:
        return self._c._call(Request("POST", f"/v1/agents/{agent_id}/run", json=body(input=input),
                                     headers=_user(user_id)), TurnRunResult)


class Copilots(_Resource):
    def create(self, *, name: str, agents: Given = NOT_GIVEN, workflows: Given = NOT_GIVEN,
               sdk_ui: Given = NOT_GIVEN, description: Given = NOT_GIVEN,
               **extra: t.Any) -> CopilotBody:
        return self._c._call(Request("POST", "/v1/copilots", json=body(
            name=name, agents=agents, workflows=workflows, sdk_ui=sdk_ui,
            description=description, **extra)), CopilotBody)

    def get(self, copilot_id: Id) -> CopilotWithAuth:
        return self._c._call(Request("GET", f"/v1/copilots/{copilot_id}"), CopilotWithAuth)

    def list(self, *, limit: int | None = None) -> Pager[CopilotList, Copilot]:
        return self._pager("/v1/copilots", CopilotList, lambda p: p.copilots, {}, limit)

    def deploy(self, copilot_id: Id, *, target: str, **extra: t.Any) -> CopilotDeployResult:
        return self._c._call(Request("POST", f"/v1/copilots/{copilot_id}/deploy",
                                     json=body(target=target, **extra)), CopilotDeployResult)

    def run(self, copilot_id: Id, *, input: str, user_id: str | None = None) -> TurnRunResult:
        return self._c._call(Request("POST", f"/v1/copilots/{copilot_id}/run",
                                     json=body(input=input), headers=_user(user_id)),
                             TurnRunResult)


class Sessions(_Resource):
    def create(self, *, user_id: str, group_id: Given = NOT_GIVEN,
               tools_auth: Given = NOT_GIVEN) -> SessionTokens:
        return self._c._call(Request("POST", "/v1/sessions", json=body(
            user_id=user_id, group_id=group_id, tools_auth=tools_auth)), SessionTokens)


class Chat(_Resource):
    def send(self, *, message: str, agent_id: Id | None = None, copilot_id: Id | None = None,
             thread_id: Id | None = None, multitask_strategy: Given = NOT_GIVEN,
             user_id: str | None = None) -> ChatTurn:
        """`POST /v1/chat`: store the message and queue its turn (202)."""
        fields = body(message=message, thread_id=thread_id if thread_id else NOT_GIVEN,
                      multitask_strategy=multitask_strategy,
                      **({"agent_id": agent_id} if agent_id else {"copilot_id": copilot_id}))
        return self._c._call(Request("POST", "/v1/chat", json=fields, headers=_user(user_id)),
                             ChatTurn)

    def stream(self, thread_id: Id, *, last_event_id: int | None = None,
               until_run: Id | None = None, until_final: bool = True,
               user_id: str | None = None, reconnects: int = 5,
               read_timeout: float = 60.0) -> ChatStream:
        """The thread's events, typed (see `ChatStream`)."""
        return ChatStream(self._c, str(thread_id), last_event_id=last_event_id,
                          until_run=str(until_run) if until_run else None,
                          until_final=until_final, user_id=user_id, reconnects=reconnects,
                          read_timeout=read_timeout)

    def cancel(self, thread_id: Id, *, user_id: str | None = None) -> TurnRunBody:
        return self._c._call(Request("DELETE", "/v1/chat/stream",
                                     {"thread_id": str(thread_id)}, headers=_user(user_id)),
                             TurnRunBody)


class Threads(_Resource):
    def list(self, *, user_id: str | None = None,
             limit: int | None = None) -> Pager[ThreadList, Thread]:
        def fetch(cursor: str | None) -> ThreadList:
            return self._c._call(Request("GET", "/v1/threads", {"limit": limit, "cursor": cursor},
                                         headers=_user(user_id)), ThreadList)
        return Pager(fetch, lambda p: p.threads)


class Messages(_Resource):
    def list(self, *, thread_id: Id, order: str | None = None, user_id: str | None = None,
             limit: int | None = None) -> Pager[MessageList, ChatMessage]:
        def fetch(cursor: str | None) -> MessageList:
            return self._c._call(Request("GET", "/v1/messages", {
                "thread_id": str(thread_id), "order": order, "limit": limit, "cursor": cursor},
                headers=_user(user_id)), MessageList)
        return Pager(fetch, lambda p: p.messages)


class Runs(_Resource):
    def get(self, run_id: Id) -> TurnRunBody:
        return self._c._call(Request("GET", f"/v1/runs/{run_id}"), TurnRunBody)

    def list(self, *, status: str | None = None, agent_id: Id | None = None,
             copilot_id: Id | None = None, limit: int | None = None) -> Pager[TurnRunList, TurnRun]:
        return self._pager("/v1/runs", TurnRunList, lambda p: p.runs, {
            "status": status, "agent_id": agent_id, "copilot_id": copilot_id}, limit)

    def events(self, run_id: Id, *, limit: int | None = None) -> Pager[RunEventList, t.Any]:
        return self._pager(f"/v1/runs/{run_id}/events", RunEventList, lambda p: p.events,
                           {}, limit)

    def decide_approval(self, run_id: Id, *, call_id: str, decision: str,
                        comment: Given = NOT_GIVEN,
                        user_id: str | None = None) -> ApprovalDecisionResult:
        """Approve or deny a call waiting in `awaiting_approval` (`decision`: approve|deny)."""
        return self._c._call(Request("POST", f"/v1/runs/{run_id}/approvals", json=body(
            call_id=call_id, decision=decision, comment=comment), headers=_user(user_id)),
            ApprovalDecisionResult)


class Workflows(_Resource):
    def create(self, *, name: str, steps: t.Sequence[t.Any], description: Given = NOT_GIVEN,
               input_schema: Given = NOT_GIVEN, **extra: t.Any) -> WorkflowBody:
        return self._c._call(Request("POST", "/v1/workflows", json=body(
            name=name, steps=steps, description=description, input_schema=input_schema,
            **extra)), WorkflowBody)

    def get(self, workflow_id: Id) -> WorkflowBody:
        return self._c._call(Request("GET", f"/v1/workflows/{workflow_id}"), WorkflowBody)

    def list(self, *, limit: int | None = None) -> Pager[WorkflowList, Workflow]:
        return self._pager("/v1/workflows", WorkflowList, lambda p: p.workflows, {}, limit)

    def run(self, workflow_id: Id, *, input: dict[str, t.Any] | None = None) -> WorkflowRunBody:
        return self._c._call(Request("POST", f"/v1/workflows/{workflow_id}/run",
                                     json=body(input=input or {})), WorkflowRunBody)


class WorkflowRuns(_Resource):
    def get(self, run_id: Id) -> WorkflowRunBody:
        return self._c._call(Request("GET", f"/v1/workflow-runs/{run_id}"), WorkflowRunBody)

    def list(self, *, workflow_id: Id | None = None,
             limit: int | None = None) -> Pager[WorkflowRunList, WorkflowRun]:
        return self._pager("/v1/workflow-runs", WorkflowRunList, lambda p: p.runs,
                           {"workflow_id": workflow_id}, limit)

    def wait(self, run_id: Id, *, timeout: float = 60.0, interval: float = 0.2) -> WorkflowRunBody:
        """Poll until the run is neither queued nor running (waiting for approval counts as
        done waiting: a person must act); TimeoutError after `timeout` seconds."""
        deadline = time.monotonic() + timeout
        while True:
            current = self.get(run_id)
            if str(current.run.status) not in WAITING:
                return current
            if time.monotonic() > deadline:
                raise TimeoutError(f"workflow run {run_id} still {current.run.status}")
            time.sleep(interval)


class WorkflowSchedules(_Resource):
    def create(self, *, workflow_id: Id, cron: Given = NOT_GIVEN, run_at: Given = NOT_GIVEN,
               recurrence: Given = NOT_GIVEN, timezone: Given = NOT_GIVEN,
               description: Given = NOT_GIVEN, input: Given = NOT_GIVEN,
               **extra: t.Any) -> WorkflowScheduleBody:
        return self._c._call(Request("POST", "/v1/workflow-schedules", json=body(
            workflow_id=workflow_id, cron=cron, run_at=run_at, recurrence=recurrence,
            timezone=timezone, description=description, input=input, **extra)),
            WorkflowScheduleBody)

    def get(self, schedule_id: Id) -> WorkflowScheduleBody:
        return self._c._call(Request("GET", f"/v1/workflow-schedules/{schedule_id}"),
                             WorkflowScheduleBody)

    def list(self, *, limit: int | None = None) -> Pager[WorkflowScheduleList, WorkflowSchedule]:
        return self._pager("/v1/workflow-schedules", WorkflowScheduleList,
                           lambda p: p.schedules, {}, limit)

    def run_now(self, schedule_id: Id) -> WorkflowRunBody:
        return self._c._call(Request("POST", f"/v1/workflow-schedules/{schedule_id}/run-now"),
                             WorkflowRunBody)

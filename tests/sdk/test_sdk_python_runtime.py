"""The generated Python SDK against a live `agent-platform serve`, at run time: a chat turn with
a tool call, its run and messages, the typed event stream (resumed with Last-Event-ID),
workflows and a run, schedules, and a session token minted for an end user."""
from __future__ import annotations


import pytest

from tests.factories_tools import EchoServer
from tests.sdk_live import LiveServer
from tests.sdk_proxy import Proxy, after_first_event

from agent_platform_client import AuthenticatedClient  # noqa: E402
from agent_platform_client.api.agents import create_agent  # noqa: E402
from agent_platform_client.api.chat import post_chat  # noqa: E402
from agent_platform_client.api.messages import list_messages  # noqa: E402
from agent_platform_client.api.runs import get_run  # noqa: E402
from agent_platform_client.api.sessions import create_session  # noqa: E402
from agent_platform_client.api.threads import list_threads  # noqa: E402
from agent_platform_client.api.tool_providers import create_tool_provider  # noqa: E402
from agent_platform_client.api.tools import create_tool  # noqa: E402
from agent_platform_client.api.workflow_runs import get_workflow_run, list_workflow_runs  # noqa: E402
from agent_platform_client.api.workflow_schedules import (  # noqa: E402
    create_workflow_schedule, delete_workflow_schedule, get_workflow_schedule,
    pause_workflow_schedule, resume_workflow_schedule, run_workflow_schedule_now)
from agent_platform_client.api.workflows import create_workflow, run_workflow  # noqa: E402
from agent_platform_client.models import (AgentChatRequest, AgentCreate, ApiProviderCreate,  # noqa: E402
                                          ChatTurn, HttpMethod, MessageCompletedEvent,
                                          MessageDeltaEvent, MessageList, MessageRole, Problem,
                                          RunCompletedEvent, RunStartedEvent, RunStatus,
                                          ScheduleStatus, SessionCreate, SessionTokens, StepType,
                                          ThreadList, ToolCalledEvent, ToolCreate,
                                          ToolResultEvent, TurnRunBody, WorkflowCreate,
                                          WorkflowInput, WorkflowRunBody, WorkflowRunList,
                                          WorkflowRunRequest, WorkflowScheduleBody,
                                          WorkflowScheduleCreate, WorkflowStep, StepInputObject)

from agent_platform_stream import (ChatStreamError, frames, stream_chat_events,  # noqa: E402
                                   to_event)
from tests.waiting import wait_until

USER = "sdk-user"


@pytest.fixture(scope="module")
def server(database_url, tmp_path_factory):
    live = LiveServer(database_url, tmp_path_factory.mktemp("sdk-runtime"))
    yield live
    live.close()


@pytest.fixture(scope="module")
def echo():
    upstream = EchoServer()
    yield upstream
    upstream.close()


@pytest.fixture(scope="module")
def api(server):
    _, client = server.organization("sdk-runtime")
    with client:
        yield client


@pytest.fixture(scope="module")
def tool(api, echo):
    provider = create_tool_provider.sync(client=api, body=ApiProviderCreate(
        name="echo", type_="api", base_url=echo.url)).tool_provider
    return create_tool.sync(client=api, body=ToolCreate(
        tool_provider_id=provider.id, name="lookup", path="/lookup",
        method=HttpMethod.POST)).tool


@pytest.fixture(scope="module")
def agent(api, tool):
    return create_agent.sync(client=api, body=AgentCreate(name="assistant",
                                                          tool_ids=[tool.id])).agent


def wait_run(api, run_id, user_id=None):
    def run():
        body = get_run.sync(run_id, client=api, **({"x_user_id": user_id} if user_id else {}))
        assert isinstance(body, TurnRunBody)
        return body.run

    return wait_until(run, 30, f"run {run_id} to finish", every=0.05,
                      done=lambda run: run.status in (RunStatus.SUCCEEDED, RunStatus.FAILED,
                                                      RunStatus.CANCELLED))


def test_chat_turn_with_a_tool_call_its_run_messages_and_typed_events(api, agent):
    resp = post_chat.sync_detailed(client=api, x_user_id=USER, body=AgentChatRequest(
        agent_id=agent.id, message='call lookup {"q": "weather"}'))
    assert resp.status_code == 202 and isinstance(resp.parsed, ChatTurn), resp.content
    turn = resp.parsed
    assert turn.message.role == MessageRole.USER and turn.run.agent_id == agent.id
    events = list(stream_chat_events(api, turn.thread.id, user_id=USER))
    kinds = [e.event for e in events]
    assert kinds[0] == "run.started" and kinds[-1] == "run.completed", kinds
    assert {"tool.called", "tool.result", "message.completed"} <= set(kinds)
    assert [e.id for e in events] == list(range(events[0].id, events[0].id + len(events)))
    by_type = {type(e): e for e in events}
    assert by_type[RunStartedEvent].data.run_id == turn.run.id
    called, result = by_type[ToolCalledEvent].data, by_type[ToolResultEvent].data
    assert called.name == "lookup" and called.arguments.to_dict() == {"q": "weather"}
    assert result.status.value == "succeeded" and result.tool_call_id == called.tool_call_id
    assert result.output["json"] == {"q": "weather"}  # the echo server saw the call
    done = by_type[MessageCompletedEvent].data
    final = by_type[RunCompletedEvent].data.run
    assert final.status == RunStatus.SUCCEEDED and final.output == done.content
    assert wait_run(api, turn.run.id, USER).output == done.content
    messages = list_messages.sync(client=api, x_user_id=USER, thread_id=turn.thread.id)
    assert isinstance(messages, MessageList)
    assert [(m.role, m.content) for m in messages.messages] == [
        (MessageRole.USER, 'call lookup {"q": "weather"}'), (MessageRole.ASSISTANT, done.content)]
    assert messages.messages[1].id == done.message_id
    # resume: after the first event, exactly the rest (the last three kinds included)
    rest = list(stream_chat_events(api, turn.thread.id, user_id=USER,
                                   last_event_id=events[0].id))
    assert [e.id for e in rest] == [e.id for e in events[1:]]
    assert isinstance(rest[-1], RunCompletedEvent)


def test_a_dropped_stream_resumes_with_last_event_id(server, api, agent):
    turn = post_chat.sync(client=api, x_user_id=USER, body=AgentChatRequest(
        agent_id=agent.id, message="one two three four"))
    direct = [e.id for e in stream_chat_events(api, turn.thread.id, user_id=USER)]
    proxy = Proxy(server.port, after_first_event)
    try:
        with AuthenticatedClient(base_url=f"http://127.0.0.1:{proxy.port}", token=api.token) as client:
            resumed = list(stream_chat_events(client, turn.thread.id, user_id=USER))
    finally:
        proxy.close()
    lines = proxy.request_lines()  # the first was cut after one event, then Last-Event-ID
    assert len(lines) == 2 and lines[1].lower().endswith(f"last-event-id: {direct[0]}"), lines
    assert [e.id for e in resumed] == direct and isinstance(resumed[-1], RunCompletedEvent)


def test_stream_frames_parse_and_problems_are_typed(api):
    lines = ["id: 4", "event: message.delta",
             'data: {"run_id": "9b2f0c1e-4d7a-4c36-9d0e-0a4f1c8b7e21", '
             '"agent_id": "2c4e6a8b-1d3f-4a5b-8c7d-9e0f1a2b3c4d", "text": "Hi", "later": 1}',
             "", ": keep-alive", "", "id: 5", "event: some.future.kind", "data: {}", ""]
    parsed = [to_event(f) for f in frames(lines)]
    assert isinstance(parsed[0], MessageDeltaEvent) and parsed[0].data.text == "Hi"
    assert parsed[0].data.additional_properties == {"later": 1} and parsed[1] is None
    with pytest.raises(ChatStreamError) as err:
        next(stream_chat_events(api, "9b2f0c1e-4d7a-4c36-9d0e-0a4f1c8b7e21", user_id=USER))
    assert err.value.status == 404 and isinstance(err.value.problem, Problem)
    assert err.value.problem.code == "thread_not_found"


def test_workflow_and_its_run(api, tool, agent):
    made = create_workflow.sync_detailed(client=api, body=WorkflowCreate(name="flow", steps=[
        WorkflowStep(id="look", type_=StepType.TOOL, ref=tool.id,
                     input_=StepInputObject.from_dict({"q": "{{input.q}}"})),
    ], input_schema=None))
    assert made.status_code == 201, made.content
    workflow = made.parsed.workflow
    assert workflow.steps[0].input_.to_dict() == {"q": "{{input.q}}"}
    started = run_workflow.sync_detailed(workflow.id, client=api, body=WorkflowRunRequest(
        input_=WorkflowInput.from_dict({"q": "x"})))
    assert started.status_code == 202 and isinstance(started.parsed, WorkflowRunBody)
    run_id = started.parsed.run.id
    run = wait_until(lambda: get_workflow_run.sync(run_id, client=api).run, 30, "the run to end",
                     done=lambda run: run.status not in (RunStatus.QUEUED, RunStatus.RUNNING))
    assert run.status == RunStatus.SUCCEEDED, run.error
    assert run.steps[0].output["json"] == {"q": "x"}
    listed = list_workflow_runs.sync(client=api, workflow_id=workflow.id)
    assert isinstance(listed, WorkflowRunList) and [r.id for r in listed.runs] == [run_id]


def test_schedules_create_pause_resume_run_now_delete(api, tool):
    workflow = create_workflow.sync(client=api, body=WorkflowCreate(name="nightly", steps=[
        WorkflowStep(id="look", type_=StepType.TOOL, ref=tool.id)])).workflow
    made = create_workflow_schedule.sync_detailed(client=api, body=WorkflowScheduleCreate(
        workflow_id=workflow.id, cron="0 3 * * *", timezone="Europe/Lisbon"))
    assert made.status_code == 201 and isinstance(made.parsed, WorkflowScheduleBody), made.content
    schedule = made.parsed.schedule
    assert schedule.status == ScheduleStatus.ACTIVE and schedule.next_fire_at is not None
    paused = pause_workflow_schedule.sync(schedule.id, client=api).schedule
    assert paused.status == ScheduleStatus.PAUSED and paused.next_fire_at is None
    resumed = resume_workflow_schedule.sync(schedule.id, client=api).schedule
    assert resumed.status == ScheduleStatus.ACTIVE and resumed.next_fire_at is not None
    now = run_workflow_schedule_now.sync_detailed(schedule.id, client=api)
    assert now.status_code == 202 and now.parsed.run.trigger.value == "run_now"
    gone = delete_workflow_schedule.sync_detailed(schedule.id, client=api)
    assert gone.status_code == 204 and gone.parsed is None
    missing = get_workflow_schedule.sync_detailed(schedule.id, client=api)
    assert missing.status_code == 404 and isinstance(missing.parsed, Problem)


def test_session_mint_and_chat_with_the_session_token(server, api, agent):
    minted = create_session.sync_detailed(client=api, body=SessionCreate(user_id="browser-user"))
    assert minted.status_code == 201 and isinstance(minted.parsed, SessionTokens), minted.content
    tokens = minted.parsed
    assert tokens.access_token.startswith("st_") and tokens.user_id == "browser-user"
    with server.client(tokens.access_token) as browser:
        turn = post_chat.sync(client=browser, body=AgentChatRequest(agent_id=agent.id,
                                                                   message="hello there"))
        assert isinstance(turn, ChatTurn) and turn.thread.user_id == "browser-user"
        events = list(stream_chat_events(browser, turn.thread.id))
        assert isinstance(events[-1], RunCompletedEvent)
        assert events[-1].data.run.output == "hello there"
        threads = list_threads.sync(client=browser)
        assert isinstance(threads, ThreadList) and [t.id for t in threads.threads] == [turn.thread.id]
        refused = create_agent.sync_detailed(client=browser, body=AgentCreate(name="nope"))
        assert refused.status_code == 403 and isinstance(refused.parsed, Problem)

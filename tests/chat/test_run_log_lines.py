"""The structured start and end lines of a chat turn, a workflow run and a scheduler fire, as
written (JSON, logger ``agent_platform.runs``), on the embedded default (in-process jobs) and
with Redis and an RQ worker: a turn and a workflow run carry the request id of the request
that started them and the trace id of that request's trace; a scheduler fire (no request
started it) carries no request id, and the trace id of its own trace, which the workflow run
it executes shares. A turn resumed by an approval carries the request id of the decision.
"""
import contextlib
import datetime as dt
import json
import logging
import uuid

import pytest
from starlette.testclient import TestClient

from jobs.scheduler import Scheduler
from server.app import create_app
from server.logs import JsonFormatter
from store import schedules
from core import db
from store.models import WorkflowRun, WorkflowSchedule
from tests.conftest import REDIS_URL, make_settings
from tests.factories import make_org
from tests.factories_chat import make_agent, post_chat, user, wait_turn
from tests.factories_tracing import PARENT_ID, TRACE_ID, finished_spans, in_memory_tracing
from tests.factories_turns import http_tool, openai_agent, use_model_server
from tests.factories_workflows import make_workflow, start_run, wait_run
from tests.fixtures_turns import allow_loopback, model, tools_server  # noqa: F401 (fixtures)
from testkit import text, tool_calls
from tests.processes import Redis
from tests.waiting import wait_until

SUFFIX = uuid.uuid4().hex[:8]
UTC = dt.timezone.utc


class _Lines(logging.Handler):
    """The run lines as the service writes them (its JSON formatter), parsed."""

    def __init__(self):
        super().__init__(level=logging.INFO)
        self.setFormatter(JsonFormatter())
        self.lines: list[dict] = []

    def emit(self, record):
        self.lines.append(json.loads(self.format(record)))


@contextlib.contextmanager
def run_lines():
    logger = logging.getLogger("agent_platform.runs")
    handler, level = _Lines(), logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    try:
        yield handler.lines
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)


def lines_of(lines: list[dict], what: str, **ids) -> dict:
    """The `<what>.started` and `<what>.finished` lines with the given ids, once both are in."""
    found = wait_until(lambda: {line["event"]: line for line in list(lines)
                                if line["event"].startswith(what + ".")
                                and all(line.get(k) == v for k, v in ids.items())},
                       10, f"{what}.started and {what}.finished with {ids}",
                       done=lambda found: len(found) == 2)
    assert set(found) == {f"{what}.started", f"{what}.finished"}, (what, ids, lines)
    return found


@pytest.fixture(scope="module")
def settings(database_url, tmp_path_factory):
    return make_settings(database_url, tmp_path_factory.mktemp("data"))


@pytest.fixture(scope="module")
def redis_url():
    if REDIS_URL:
        yield REDIS_URL
        return
    if not Redis.available():
        yield None
        return
    server = Redis().start()
    yield server.url
    server.stop()


@pytest.fixture(scope="module")
def queued(settings, redis_url, app):
    """The same service with Redis: turns and runs go to RQ queues of this module, served by
    an RQ worker (jobs.worker, in this process) when `drain` is called."""
    if redis_url is None:
        pytest.skip("needs Redis (redis-server or AGENT_PLATFORM_TEST_REDIS_URL)")
    rq_settings = make_settings(settings.database_url, settings.data_dir, redis_url=redis_url,
                                chat_queue=f"chat-{SUFFIX}", workflow_queue=f"wf-{SUFFIX}",
                                rebuild_queue=f"rb-{SUFFIX}")
    with TestClient(create_app(rq_settings)) as client:
        yield client, rq_settings


@pytest.fixture(params=["embedded", "rq"])
def service(request, client, settings):
    """(client, settings, drain): drain runs what is queued (nothing to do when embedded)."""
    if request.param == "embedded":
        return client, settings, lambda: None
    from jobs import worker

    rq_client, rq_settings = request.getfixturevalue("queued")
    queues = [rq_settings.chat_queue, rq_settings.workflow_queue]
    return rq_client, rq_settings, lambda: worker.run(rq_settings, queues=queues, burst=True)


def _traced(headers: dict, request_id: str) -> dict:
    return {**headers, "X-Request-Id": request_id,
            "traceparent": f"00-{TRACE_ID}-{PARENT_ID}-01"}


def test_a_chat_turn_carries_its_request_and_trace(client, service):
    http, _, drain = service
    org = make_org(client)
    agent = make_agent(client, org["headers"])
    request_id = f"turn-{uuid.uuid4().hex[:8]}"
    with in_memory_tracing(), run_lines() as lines:
        posted = post_chat(http, _traced(user(org, "lou"), request_id), "hello",
                           agent_id=agent["id"])
        drain()
        wait_turn(client, user(org, "lou"), posted["thread"]["id"], posted["run"]["id"])
        found = lines_of(lines, "turn", run_id=posted["run"]["id"])
    for line in found.values():
        assert line["request_id"] == request_id and line["trace_id"] == TRACE_ID, line
        assert line["org_id"] == org["id"] and line["agent_id"] == agent["id"]
    assert found["turn.finished"]["status"] == "succeeded"
    assert "hello" not in json.dumps(found)  # never the message


def test_a_workflow_run_carries_its_request_and_trace(client, service):
    http, _, drain = service
    org = make_org(client)
    agent = make_agent(client, org["headers"])
    workflow = make_workflow(client, org, steps=[{"id": "ask", "type": "agent",
                                                  "ref": agent["id"], "input": "{{input.q}}"}])
    request_id = f"run-{uuid.uuid4().hex[:8]}"
    with in_memory_tracing(), run_lines() as lines:
        run = start_run(http, _traced(org["headers"], request_id), workflow["id"], {"q": "hi"})
        drain()
        assert wait_run(client, org["headers"], run["id"])["status"] == "succeeded"
        found = lines_of(lines, "workflow_run", run_id=run["id"])
        turn = lines_of(lines, "turn", workflow_run_id=run["id"])  # its agent step's turn
    for line in [*found.values(), *turn.values()]:
        assert line["request_id"] == request_id and line["trace_id"] == TRACE_ID, line
    assert found["workflow_run.finished"]["status"] == "succeeded"
    assert found["workflow_run.started"]["workflow_id"] == workflow["id"]


def test_a_resumed_turn_carries_the_request_of_the_decision(client, service, model,
                                                            tools_server):
    http, _, drain = service
    org = make_org(client)
    use_model_server(client, org, model)
    refund = http_tool(client, org, tools_server, name="refund", path="/refund",
                       requires_approval=True)
    agent = openai_agent(client, org, tool_ids=[refund["id"]])
    model.enqueue(tool_calls(("c1", "refund", {"order": "A-1"})), text("Refunded."))
    started, decided = (f"{step}-{uuid.uuid4().hex[:8]}" for step in ("ask", "approve"))
    with in_memory_tracing(), run_lines() as lines:
        resp = http.post(f"/v1/agents/{agent['id']}/run", json={"input": "refund A-1"},
                         headers=_traced(user(org, "ann"), started))
        run = resp.json()["run"]
        assert resp.status_code == 200 and run["status"] == "awaiting_approval", resp.text
        paused = lines_of(lines, "turn", run_id=run["id"], request_id=started)
        resp = http.post(f"/v1/runs/{run['id']}/approvals", json={
            "call_id": "c1", "decision": "approve"}, headers=_traced(org["headers"], decided))
        assert resp.status_code == 200, resp.text
        drain()
        resumed = lines_of(lines, "turn", run_id=run["id"], request_id=decided)
    assert paused["turn.finished"]["status"] == "awaiting_approval"
    assert paused["turn.finished"]["agent_id"] == agent["id"]
    assert resumed["turn.finished"]["status"] == "succeeded"
    for line in [*paused.values(), *resumed.values()]:
        assert line["trace_id"] == TRACE_ID, line


def test_a_scheduler_fire_carries_its_own_trace_and_no_request(client, service):
    http, settings, drain = service
    org = make_org(client)
    workflow = make_workflow(client, org)
    due = dt.datetime.now(UTC).replace(microsecond=0) - dt.timedelta(seconds=1)
    with db.connection():
        schedule = schedules.create(org_id=org["id"], fields={
            "workflow_id": workflow["id"], "run_at": due.replace(tzinfo=None).isoformat() + "Z"},
            now=due - dt.timedelta(hours=1))
    try:
        with in_memory_tracing() as exporter, run_lines() as lines:
            assert Scheduler(settings, clock=lambda: due + dt.timedelta(seconds=1)).tick() == 1
            drain()
            fired = lines_of(lines, "schedule_fire", schedule_id=schedule.id)
            run_id = fired["schedule_fire.started"]["run_id"]
            ran = lines_of(lines, "workflow_run", run_id=run_id)
            spans = finished_spans(exporter, "schedule_fire", "workflow_run")
    finally:
        with db.connection():
            WorkflowSchedule.delete().where(WorkflowSchedule.id == schedule.id).execute()
    fire_span = [s for s in spans if s.name == "schedule_fire"
                 and s.attributes["agent_platform.schedule_id"] == schedule.id]
    assert len(fire_span) == 1 and fire_span[0].parent is None  # a trace of its own
    trace_id = format(fire_span[0].context.trace_id, "032x")
    for line in [*fired.values(), *ran.values()]:
        assert "request_id" not in line and line["trace_id"] == trace_id, line
    assert fired["schedule_fire.started"]["fire_at"] == due.replace(tzinfo=None).isoformat() + "Z"
    assert fired["schedule_fire.finished"]["status"] == "succeeded"
    assert ran["workflow_run.started"]["schedule_id"] == schedule.id
    assert ran["workflow_run.started"]["trigger"] == "schedule"
    with db.connection():
        assert WorkflowRun.get_by_id(run_id).request_id is None

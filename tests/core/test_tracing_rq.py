"""OpenTelemetry traces with Redis and an RQ worker: the chat turn runs in the worker and is
still one trace with the request that queued it (the trace context travels in the job)."""
import uuid

import pytest
from starlette.testclient import TestClient

from server.app import create_app
from tests.conftest import REDIS_URL, make_settings
from tests.factories import make_org
from tests.factories_chat import user, wait_turn
from tests.factories_tracing import (check_turn_tree, finished_spans, in_memory_tracing,
                                     network_turn)
from tests.fixtures_turns import allow_loopback, model, tools_server  # noqa: F401 (fixtures)
from tests.processes import Redis

pytestmark = pytest.mark.skipif(not REDIS_URL and not Redis.available(),
                                reason="needs Redis (redis-server or AGENT_PLATFORM_TEST_REDIS_URL)")
SUFFIX = uuid.uuid4().hex[:8]


@pytest.fixture(scope="module")
def redis_url():
    if REDIS_URL:
        yield REDIS_URL
        return
    server = Redis().start()
    yield server.url
    server.stop()


@pytest.fixture(scope="module")
def settings(database_url, tmp_path_factory):
    return make_settings(database_url, tmp_path_factory.mktemp("data"), model_max_retries=0)


@pytest.fixture(scope="module")
def queued(settings, redis_url, app):
    """The same service with Redis: chat turns go to an RQ queue of this module."""
    rq_settings = make_settings(settings.database_url, settings.data_dir, model_max_retries=0,
                                redis_url=redis_url, chat_queue=f"chat-{SUFFIX}",
                                workflow_queue=f"wf-{SUFFIX}", rebuild_queue=f"rb-{SUFFIX}")
    with TestClient(create_app(rq_settings)) as client:
        yield client, rq_settings


def test_a_turn_run_by_an_rq_worker_is_one_trace_with_its_request(client, queued, model,
                                                                   tools_server):
    from jobs import worker

    rq_client, rq_settings = queued
    org = make_org(client)
    with in_memory_tracing() as exporter:
        turn = network_turn(client, org, model, tools_server, wait=False, chat_client=rq_client,
                            run_jobs=lambda: worker.run(rq_settings,
                                                        queues=[rq_settings.chat_queue],
                                                        burst=True))
        wait_turn(rq_client, user(org, "tracy"), turn["posted"]["thread"]["id"],
                  turn["posted"]["run"]["id"])
        spans = finished_spans(exporter, "POST post_chat", "invoke_agent copilot")
    check_turn_tree(spans, turn)
    from rq import Queue
    from rq.registry import FinishedJobRegistry

    from core.redis_client import connection

    finished = FinishedJobRegistry(queue=Queue(rq_settings.chat_queue,
                                               connection=connection(rq_settings.redis_url)))
    assert f"turn-{turn['posted']['run']['id']}" in finished.get_job_ids()  # the worker ran it

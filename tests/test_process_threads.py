"""The threads of a process are the platform's own, named, and made in one place
(store/concurrency.py): after chat turns (streamed), a synchronous agent run and a workflow
run, every thread alive in the process is the turn loop, a hop, one of the pools or threads
that module made, or one that a library it runs on makes (the test client's portal,
Python's own). ``inventory`` names them, and ``shutdown`` stops the pools."""
import threading

import pytest

from store import concurrency
from tests.factories import make_org
from tests.factories_chat import make_agent, post_chat, read_stream, user
from tests.factories_workflows import (make_workflow, start_run, start_worker, stop, wait_run,
                                       wf_settings)

# threads that libraries the service runs on start themselves (not the platform's)
LIBRARY = ("MainThread", "AnyIO worker thread", "asyncio-portal", "asyncio_", "pytest_timeout")


@pytest.fixture(scope="module")
def settings(database_url, tmp_path_factory):
    return wf_settings(database_url, tmp_path_factory.mktemp("data"))


@pytest.fixture(scope="module", autouse=True)
def worker(app, settings):
    """With Redis the turns run on a worker process: this process is then the API's."""
    process = start_worker(settings) if settings.redis_url else None
    yield
    if process is not None:
        stop(process)


@pytest.fixture(scope="module")
def org(client):
    return make_org(client)


def test_every_thread_alive_is_made_in_one_place(client, org, settings):
    agent = make_agent(client, org["headers"])
    headers = user(org, "threads-user")
    for n in range(3):
        said = post_chat(client, headers, f"hello {n}", agent_id=agent["id"])
        stream = read_stream(client, said["thread"]["id"], headers)
        assert stream.kinds[-1] == "run.completed"
    run = client.post(f"/v1/agents/{agent['id']}/run", json={"input": "sync"},
                      headers=org["headers"])
    assert run.status_code == 200, run.text
    flow = make_workflow(client, org, steps=[{"id": "ask", "type": "agent", "ref": agent["id"],
                                              "input": "{{input.q}}"}],
                         input_schema={"type": "object", "properties": {"q": {"type": "string"}}})
    done = wait_run(client, org["headers"], start_run(client, org["headers"], flow["id"],
                                                      {"q": "hi"})["id"])
    assert done["status"] == "succeeded", done
    stray = [t.name for t in threading.enumerate()
             if not concurrency.owns(t) and not t.name.startswith(LIBRARY)]
    assert stray == []
    names = {entry["name"] for entry in concurrency.inventory() if entry["alive"]}
    assert {"handler", "chat-stream"} <= names
    if not settings.redis_url:  # the turns ran here
        assert {"turn-loop", "db-hop", "job"} <= names

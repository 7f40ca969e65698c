"""The threads of a process are the platform's own, named, and made in one place
(core/concurrency.py): after chat turns (streamed), a synchronous agent run and a workflow
run, every thread alive in the process that runs the platform's code (or belongs to a pool
nobody named) is the turn loop, a hop, or one of the pools or threads that module made;
``inventory`` names them."""
import threading

import pytest

from core import concurrency
from tests.factories_chat import make_agent, post_chat, read_stream, user
from tests.factories_workflows import make_workflow, start_run, wait_run
from tests.fixtures_workflows import settings, worker  # noqa: F401 (module fixtures)

PLATFORM = ("server", "store", "runtime", "jobs", "handlers", "rules")


def _platform_made(t: threading.Thread) -> bool:
    """A thread running the platform's code, or a pool nobody named (threads of the tests'
    own servers and of libraries are not the platform's)."""
    target = getattr(t, "_target", None)
    module = getattr(target, "__module__", None) or type(t).__module__ or ""
    return module.split(".")[0] in PLATFORM or t.name.startswith("ThreadPoolExecutor-")


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
             if _platform_made(t) and not concurrency.owns(t)]
    assert stray == []
    names = {entry["name"] for entry in concurrency.inventory() if entry["alive"]}
    assert {"handler", "chat-stream"} <= names
    if not settings.redis_url:  # the turns ran here
        assert {"turn-loop", "db-hop", "job"} <= names

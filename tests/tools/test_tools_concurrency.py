"""The naming rules hold under concurrency: a real server, many simultaneous creates."""
import threading

import pytest
import requests

from core import db
from store.models import Tool
from tests.factories import make_org
from tests.factories_tools import UvicornThread, make_provider
from tests.waiting import scaled

THREADS = 8


@pytest.fixture(scope="module")
def server(app):
    thread = UvicornThread(app)
    yield thread
    thread.close()


def _race(url, headers, bodies):
    barrier = threading.Barrier(len(bodies))
    results = [None] * len(bodies)

    def worker(i):
        session = requests.Session()
        barrier.wait()
        resp = session.post(url, json=bodies[i], headers=headers, timeout=scaled(60))
        results[i] = (resp.status_code, resp.json())

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(len(bodies))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(90)
    return results


def test_same_name_at_once_gets_distinct_names_never_500(client, server):
    org = make_org(client)
    provider = make_provider(client, org)
    bodies = [{"tool_provider_id": provider["id"], "name": "race", "path": f"/r/{i}"}
              for i in range(THREADS)]
    results = _race(f"{server.url}/v1/tools", org["headers"], bodies)
    statuses = [status for status, _ in results]
    assert all(s in (201, 409) for s in statuses), results
    created = [body["tool"]["name"] for status, body in results if status == 201]
    assert len(created) == len(set(created))
    assert len(created) >= THREADS // 2
    assert set(created) <= {"race", "race GET", *(f"race GET {n}" for n in range(2, THREADS + 1))}
    with db.connection():
        names = [t.name for t in Tool.select().where(Tool.provider == provider["id"])]
    assert sorted(names) == sorted(created)


def test_same_method_and_path_at_once_creates_exactly_one(client, server):
    org = make_org(client)
    provider = make_provider(client, org)
    bodies = [{"tool_provider_id": provider["id"], "name": f"n{i}", "path": "/same",
               "method": "POST"} for i in range(THREADS)]
    results = _race(f"{server.url}/v1/tools", org["headers"], bodies)
    statuses = sorted(status for status, _ in results)
    assert statuses == [201] + [409] * (THREADS - 1), results
    codes = {body["code"] for status, body in results if status == 409}
    assert codes == {"tool_path_conflict"}
    with db.connection():
        assert Tool.select().where(Tool.provider == provider["id"]).count() == 1

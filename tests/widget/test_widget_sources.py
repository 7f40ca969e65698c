"""The chat widget shows the sources of an answer from a knowledge base: the citations of
`search_knowledge`'s `tool.result`, listed under the reply (real Chromium)."""
from __future__ import annotations

import pytest

from tests.factories import make_org
from tests.factories_copilots import make_copilot
from tests.factories_knowledge import add_text, make_kb, use_embeddings, wait_document
from tests.factories_turns import openai_agent, use_model_server
from tests.widget.pages import Backend, assistant_texts, host_page, shadow, wait_for, wait_idle
from testkit import text, tool_calls


@pytest.fixture(scope="module")
def database_url(vector_database_url):
    return vector_database_url


def test_an_answer_from_a_knowledge_base_lists_its_sources(context, served, client, model):
    org = make_org(client)
    use_model_server(client, org, model)
    use_embeddings(client, org, model)
    kb = make_kb(client, org, "handbook", chunking={"size": 100, "overlap": 0})
    doc = add_text(client, org, kb["id"], "handbook.md",
                   "# Leave\n\nTwenty five days of paid leave.\n\n# Parking\n\nParking is free.")
    assert wait_document(client, org, kb["id"], doc["id"])["status"] == "ready"
    agent = openai_agent(client, org, knowledge_base_ids=[kb["id"]])
    copilot = make_copilot(client, org, agents=[agent["id"]], sdk_ui={"position": "inline"})
    model.enqueue(tool_calls(("search_knowledge", {"query": "paid leave", "top_k": 2})),
                  text("Twenty five days [1]."))
    page = context.new_page()
    backend = Backend(served, org, "u-sources")
    page.goto(backend.attach(page, host_page(served, copilot["id"])))
    wait_for(page, lambda: shadow(page, "h2.title").text_content() != "")
    shadow(page, "textarea").fill("How much leave do I get?")
    shadow(page, "button.send").click()
    wait_idle(page)
    assert assistant_texts(page)[-1] == "Twenty five days [1]."
    assert shadow(page, ".sources-title").text_content() == "Sources"
    assert shadow(page, ".sources li").all_inner_texts() == [
        "handbook.md (part 1)", "handbook.md (part 2)"]

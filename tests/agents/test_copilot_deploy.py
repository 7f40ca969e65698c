"""Promotion: deploy dev to staging and prod with pinned agent versions, prod from staging,
rollback, history, and concurrent first deploys creating one staging network."""
import threading

import pytest
import requests

from store import deployments
from core import db
from store.errors import Conflict
from store.models import Agent, Copilot
from tests.factories import assert_problem, list_all, pages
from tests.factories_copilots import (deploy, get_copilot, make_agent, make_copilot,
                                      make_workflow, update_agent)
from tests.factories_tools import UvicornThread
from tests.waiting import scaled


def pinned(copilot):
    return [(a["agentId"], a["agentVersionId"]) for a in copilot["agents"]]


def test_first_deploy_creates_staging_then_updates_it(client, org):
    agent, wf = make_agent(client, org), make_workflow(client, org)
    net = make_copilot(client, org, agents=[agent["id"]], workflows=[wf["id"]],
                       sdk_ui={"title": "T"}, handoff_prompt="h",
                       followup_instructions=[{"type": "text", "content": "more?"}])
    first = deploy(client, org, net["id"], "staging", expect=(201,)).json()
    staging, record = first["copilot"], first["deployment"]
    assert staging["environment"] == "staging" and staging["source_copilot_id"] == net["id"]
    assert staging["id"] != net["id"] and staging["name"] == net["name"]
    assert pinned(staging) == [(agent["id"], agent["agent_version_id"])]
    assert staging["workflows"] == [{"workflowId": wf["id"]}]
    assert (staging["sdk_ui"], staging["handoff_prompt"], staging["followup_instructions"]) == (
        {"title": "T"}, "h", [{"type": "text", "content": "more?"}])
    assert staging["deployment"] == {"id": record["id"], "version": 1, "source": "dev",
                                     "created_at": record["created_at"]}
    assert staging["deployed_at"] == record["created_at"]
    assert record["copilot_id"] == net["id"] and record["target"] == "staging"
    assert record["target_copilot_id"] == staging["id"] and record["source"] == "dev"
    assert record["snapshot"]["agents"] == staging["agents"]
    assert record["previous_deployment_id"] is None

    client.patch(f"/v1/copilots/{net['id']}", headers=org["headers"],
                 json={"handoff_prompt": "h2"})
    second = deploy(client, org, net["id"], "staging", expect=(200,)).json()
    assert second["copilot"]["id"] == staging["id"]
    assert second["copilot"]["handoff_prompt"] == "h2"
    assert second["deployment"]["version"] == 2
    assert second["deployment"]["previous_deployment_id"] == record["id"]
    listed = client.get(f"/v1/copilots?source_copilot_id={net['id']}",
                        headers=org["headers"]).json()
    assert len(listed["copilots"]) == 1


def test_pinned_versions_survive_agent_updates(client, org):
    agent = make_agent(client, org, instructions="v1")
    net = make_copilot(client, org, agents=[agent["id"]])
    staging = deploy(client, org, net["id"], "staging").json()["copilot"]
    newer = update_agent(client, org, agent["id"], instructions="v2")
    got_staging = get_copilot(client, org, staging["id"])["copilot"]
    got_dev = get_copilot(client, org, net["id"])["copilot"]
    assert pinned(got_staging) == [(agent["id"], agent["agent_version_id"])]
    assert pinned(got_dev) == [(agent["id"], newer["agent_version_id"])]
    with db.connection():
        from store import copilots
        assert copilots.runtime_config(org_id=org["id"], copilot_id=staging["id"])["agents"] == [
            {"agent_id": agent["id"], "agent_version_id": agent["agent_version_id"]}]
    # the pinned version is still a readable record
    versions = client.get(f"/v1/agents/{agent['id']}/versions", headers=org["headers"]).json()
    assert agent["agent_version_id"] in [v["id"] for v in versions["versions"]]
    # deploying again picks the new version
    again = deploy(client, org, net["id"], "staging").json()["copilot"]
    assert pinned(again) == [(agent["id"], newer["agent_version_id"])]


def test_prod_from_staging_copies_stagings_snapshot(client, org):
    agent = make_agent(client, org)
    net = make_copilot(client, org, agents=[agent["id"]], handoff_prompt="staged")
    resp = client.post(f"/v1/copilots/{net['id']}/deploy", headers=org["headers"],
                       json={"target": "prod", "from": "staging"})
    assert_problem(resp, 409, "network_not_deployed")
    staging = deploy(client, org, net["id"], "staging").json()["copilot"]
    update_agent(client, org, agent["id"], instructions="newer, not staged")
    client.patch(f"/v1/copilots/{net['id']}", headers=org["headers"],
                 json={"handoff_prompt": "dev only"})
    body = deploy(client, org, net["id"], "prod", expect=(201,), **{"from": "staging"}).json()
    prod = body["copilot"]
    assert prod["environment"] == "prod" and prod["source_copilot_id"] == net["id"]
    assert pinned(prod) == pinned(staging) and prod["handoff_prompt"] == "staged"
    assert body["deployment"]["source"] == "staging" and body["deployment"]["version"] == 1
    # straight from dev: dev's configuration and current versions
    direct = deploy(client, org, net["id"], "prod", expect=(200,)).json()["copilot"]
    assert direct["id"] == prod["id"] and direct["handoff_prompt"] == "dev only"
    assert pinned(direct) != pinned(staging)


@pytest.mark.parametrize("body", [{"target": "dev"}, {}, {"target": "staging", "from": "staging"},
                                  {"target": "prod", "from": "prod"}, {"target": "prod", "x": 1}])
def test_invalid_deploy_bodies_are_400(client, org, body):
    net = make_copilot(client, org)
    assert_problem(client.post(f"/v1/copilots/{net['id']}/deploy", json=body,
                               headers=org["headers"]), 400)


def test_only_dev_networks_deploy(client, org):
    net = make_copilot(client, org)
    staging = deploy(client, org, net["id"], "staging").json()["copilot"]
    for path in ("deploy", "rollback"):
        resp = client.post(f"/v1/copilots/{staging['id']}/{path}", json={"target": "prod"},
                           headers=org["headers"])
        assert_problem(resp, 409, "network_not_dev")


def test_rollback_restores_the_previous_snapshot(client, org):
    agent = make_agent(client, org)
    net = make_copilot(client, org, agents=[agent["id"]], handoff_prompt="one")
    resp = client.post(f"/v1/copilots/{net['id']}/rollback", json={"target": "staging"},
                       headers=org["headers"])
    assert_problem(resp, 409, "network_not_deployed")
    d1 = deploy(client, org, net["id"], "staging").json()
    resp = client.post(f"/v1/copilots/{net['id']}/rollback", json={"target": "staging"},
                       headers=org["headers"])
    assert_problem(resp, 409, "no_previous_deployment")
    v2 = update_agent(client, org, agent["id"], instructions="two")
    client.patch(f"/v1/copilots/{net['id']}", headers=org["headers"],
                 json={"handoff_prompt": "two"})
    d2 = deploy(client, org, net["id"], "staging").json()
    assert pinned(d2["copilot"]) == [(agent["id"], v2["agent_version_id"])]

    resp = client.post(f"/v1/copilots/{net['id']}/rollback", json={"target": "staging"},
                       headers=org["headers"])
    assert resp.status_code == 200, resp.text
    back = resp.json()
    assert back["copilot"]["id"] == d1["copilot"]["id"]
    assert back["copilot"]["handoff_prompt"] == "one"
    assert pinned(back["copilot"]) == [(agent["id"], agent["agent_version_id"])]
    record = back["deployment"]
    assert record["source"] == "rollback" and record["version"] == 3
    assert record["restored_deployment_id"] == d1["deployment"]["id"]
    assert record["snapshot"] == d1["deployment"]["snapshot"]
    assert back["copilot"]["deployment"]["id"] == record["id"]
    # nothing before d1: a further rollback has nowhere to go
    resp = client.post(f"/v1/copilots/{net['id']}/rollback", json={"target": "staging"},
                       headers=org["headers"])
    assert_problem(resp, 409, "no_previous_deployment")
    # prod was never deployed
    resp = client.post(f"/v1/copilots/{net['id']}/rollback", json={"target": "prod"},
                       headers=org["headers"])
    assert_problem(resp, 409, "network_not_deployed")


def test_repeated_rollbacks_walk_back(client, org):
    net = make_copilot(client, org)
    for prompt in ("a", "b", "c"):
        client.patch(f"/v1/copilots/{net['id']}", headers=org["headers"],
                     json={"handoff_prompt": prompt})
        deploy(client, org, net["id"], "prod")
    seen = []
    for _ in range(2):
        resp = client.post(f"/v1/copilots/{net['id']}/rollback", json={"target": "prod"},
                           headers=org["headers"])
        seen.append(resp.json()["copilot"]["handoff_prompt"])
    assert seen == ["b", "a"]


def test_rollback_to_a_snapshot_whose_agent_was_deleted_is_409(client, org):
    old, new = make_agent(client, org), make_agent(client, org)
    net = make_copilot(client, org, agents=[old["id"]])
    deploy(client, org, net["id"], "staging")
    client.patch(f"/v1/copilots/{net['id']}", headers=org["headers"],
                 json={"agents": [{"agentId": new["id"]}]})
    deploy(client, org, net["id"], "staging")
    assert client.delete(f"/v1/agents/{old['id']}", headers=org["headers"]).status_code == 200
    resp = client.post(f"/v1/copilots/{net['id']}/rollback", json={"target": "staging"},
                       headers=org["headers"])
    assert_problem(resp, 409, "snapshot_unavailable")


def test_agent_without_a_current_version_cannot_be_deployed(client, org):
    agent = make_agent(client, org)
    net = make_copilot(client, org, agents=[agent["id"]])
    with db.connection():
        Agent.update(current_version_id=None).where(Agent.id == agent["id"]).execute()
    try:
        resp = client.post(f"/v1/copilots/{net['id']}/deploy", json={"target": "staging"},
                           headers=org["headers"])
        assert_problem(resp, 409, "agent_unavailable")
        assert agent["id"] in resp.json()["detail"]
        with db.connection():
            assert not Copilot.select().where(Copilot.source_copilot == net["id"]).exists()
    finally:
        with db.connection():
            Agent.update(current_version_id=agent["agent_version_id"]).where(
                Agent.id == agent["id"]).execute()


def test_history_newest_first_with_target_filter_and_pages(client, org):
    net = make_copilot(client, org)
    staging1 = deploy(client, org, net["id"], "staging").json()["deployment"]
    prod1 = deploy(client, org, net["id"], "prod").json()["deployment"]
    staging2 = deploy(client, org, net["id"], "staging").json()["deployment"]
    url = f"/v1/copilots/{net['id']}/deployments"
    all_ = client.get(url, headers=org["headers"]).json()
    assert [d["id"] for d in all_["deployments"]] == [staging2["id"], prod1["id"], staging1["id"]]
    assert all_["next_cursor"] is None and all_["deployments"][0] == staging2
    only = client.get(f"{url}?target=staging", headers=org["headers"]).json()
    assert [(d["target"], d["version"]) for d in only["deployments"]] == [("staging", 2),
                                                                          ("staging", 1)]
    assert [[d["id"] for d in page] for page in pages(client, url, "deployments", org["headers"],
                                                       limit=1)] == [[staging2["id"]], [prod1["id"]],
                                                                     [staging1["id"]]]
    onto_prod = client.get(f"/v1/copilots/{prod1['target_copilot_id']}/deployments",
                           headers=org["headers"]).json()
    assert [d["id"] for d in onto_prod["deployments"]] == [prod1["id"]]
    assert_problem(client.get(f"{url}?target=dev", headers=org["headers"]), 400)


def test_a_reference_refuses_deletion_in_the_database(client, org):
    """Even without the in-use check (a concurrent delete), the foreign key holds."""
    agent = make_agent(client, org)
    make_copilot(client, org, agents=[agent["id"]])
    with db.connection():
        with pytest.raises(Conflict):
            with db.atomic():
                Agent.delete().where(Agent.id == agent["id"]).execute()
        assert Agent.select().where(Agent.id == agent["id"]).exists()


@pytest.fixture(scope="module")
def server(app):
    thread = UvicornThread(app)
    yield thread
    thread.close()


def _race(url, headers, body, n):
    barrier = threading.Barrier(n)
    results = [None] * n

    def worker(i):
        session = requests.Session()
        barrier.wait()
        resp = session.post(url, json=body, headers=headers, timeout=scaled(60))
        results[i] = (resp.status_code, resp.json())

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(90)
    return results


def test_concurrent_first_deploys_create_one_staging_network(client, org, server):
    agent = make_agent(client, org)
    net = make_copilot(client, org, agents=[agent["id"]])
    results = _race(f"{server.url}/v1/copilots/{net['id']}/deploy", org["headers"],
                    {"target": "staging"}, 10)
    statuses = sorted(status for status, _ in results)
    assert statuses == [200] * 9 + [201], results
    assert len({body["copilot"]["id"] for _, body in results}) == 1
    assert sorted(body["deployment"]["version"] for _, body in results) == list(range(1, 11))
    with db.connection():
        assert Copilot.select().where(Copilot.source_copilot == net["id"]).count() == 1
        rows, following = deployments.history(org_id=org["id"], copilot_id=net["id"])
    assert len(rows) == 10 and following is None


def test_deploy_is_atomic(client, org, monkeypatch):
    """A failure after the target network was written leaves nothing behind."""
    agent = make_agent(client, org)
    net = make_copilot(client, org, agents=[agent["id"]])

    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr("store.copilots.write_refs", broken)
    with db.connection():
        with pytest.raises(RuntimeError):
            deployments.deploy(org_id=org["id"], copilot_id=net["id"], target="staging")
        assert not Copilot.select().where(Copilot.source_copilot == net["id"]).exists()
        assert deployments.history(org_id=org["id"], copilot_id=net["id"])[0] == []

"""A list page costs the same number of queries for one row as for many: no list runs a query
per row (each list is seeded with 1 and then 3 rows and its page's SELECTs counted)."""
from __future__ import annotations

import contextlib

import peewee
import pytest

from tests.conftest import make_settings
from tests.factories import make_org
from tests.factories_copilots import deploy, make_agent, make_copilot, make_workflow, update_agent
from tests.factories_tools import make_provider, make_tool, mcp_server, serve_mcp


@pytest.fixture(scope="module")
def settings(database_url, tmp_path_factory):
    # The per-organization limits cache is refreshed by one query per request once it is 5 s
    # old, whatever the page size; seeding on a busy machine can outlast it, so it is kept
    # for the whole module and only the lists' own queries are counted.
    return make_settings(database_url, tmp_path_factory.mktemp("data"), limits_cache_seconds=3600)


@contextlib.contextmanager
def counting(monkeypatch):
    seen = []
    original = peewee.Database.execute_sql

    def execute_sql(self, sql, params=None, *args, **kwargs):
        # writes (a key's last use) are not the list's, nor the outbox relay's polling, which
        # runs on its own thread and may fall inside a request
        if sql.lstrip().upper().startswith("SELECT") and '"outbox"' not in sql:
            seen.append(sql)
        return original(self, sql, params, *args, **kwargs)

    monkeypatch.setattr(peewee.Database, "execute_sql", execute_sql)
    try:
        yield seen
    finally:
        monkeypatch.setattr(peewee.Database, "execute_sql", original)


def queries(client, monkeypatch, url, headers, key) -> int:
    with counting(monkeypatch) as seen:
        resp = client.get(url, headers=headers)
    assert resp.status_code == 200, resp.text
    assert resp.json()[key], url
    return len(seen)


@pytest.fixture(scope="module")
def mcp_url():
    thread, url = serve_mcp(mcp_server())
    yield url
    thread.close()


def seed(client, org, n, mcp_url):
    provider = make_provider(client, org)
    for _ in range(n):
        make_tool(client, org, provider["id"])
        make_provider(client, org, type="mcp", mcp={"url": mcp_url})
        agent = make_agent(client, org)
        update_agent(client, org, agent["id"], instructions="v2")
        make_workflow(client, org)
        client.post("/v1/users", json={"user_id": f"u-{agent['id'][:8]}"}, headers=org["headers"])
        client.post("/v1/groups", json={"group_id": f"g-{agent['id'][:8]}",
                                        "spend_cap_usd": 5}, headers=org["headers"])
    net = make_copilot(client, org, agents=[agent["id"]])
    for _ in range(n):
        deploy(client, org, net["id"], "staging")
        make_copilot(client, org, agents=[agent["id"]])
    return agent, net


def test_no_list_runs_a_query_per_row(client, monkeypatch, mcp_url):
    counts = []
    for n in (1, 3):
        org = make_org(client)
        agent, net = seed(client, org, n, mcp_url)
        h = org["headers"]
        lists = [("/v1/tool-providers", "tool_providers"), ("/v1/tools", "tools"),
                 ("/v1/agents", "agents"), (f"/v1/agents/{agent['id']}/versions", "versions"),
                 ("/v1/workflows", "workflows"), ("/v1/copilots", "copilots"),
                 (f"/v1/copilots/{net['id']}/deployments", "deployments"),
                 ("/v1/users", "users"), ("/v1/groups", "groups")]
        counts.append({url.split("/")[-1]: queries(client, monkeypatch, url, h, key)
                       for url, key in lists})
    assert counts[0] == counts[1], counts

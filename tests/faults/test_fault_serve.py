"""kill -9 of `serve` in the middle of a burst of writes (a real process, on the module's
database: SQLite in the SQLite pass, Postgres in the Postgres pass): every write acknowledged
with a 2xx is there after a restart, nothing is half-written, and the work recorded after
commits (the outbox) is delivered by the restarted process."""
from __future__ import annotations

import threading

import httpx

from core import db
from store.models import OutboxEntry
from tests.processes import Serve, admin_org, env_for
from tests.waiting import scaled, wait_until


def _writer(url, headers, provider_id, index, stop, acked, lock):
    n = 0
    with httpx.Client(base_url=url, timeout=scaled(10)) as http:
        while not stop.is_set():
            n += 1
            try:
                if n % 3 == 0:
                    resp = http.post("/v1/agents", headers=headers, json={
                        "name": f"agent-{index}-{n}", "instructions": "i" * 2000})
                    key, value = "agents", (resp.json()["agent"]["id"]
                                            if resp.status_code == 201 else None)
                elif n % 3 == 1:
                    resp = http.post("/v1/users", headers=headers, json={
                        "user_id": f"user-{index}-{n}",
                        "tools_auth": {provider_id: {"token": f"tok-{index}-{n}"}}})
                    key, value = "users", (f"user-{index}-{n}" if resp.status_code == 201 else None)
                else:
                    resp = http.post("/v1/tools", headers=headers, json={
                        "tool_provider_id": provider_id, "name": f"tool-{index}-{n}",
                        "path": f"/t/{index}/{n}"})
                    key, value = "tools", (resp.json()["tool"]["id"]
                                           if resp.status_code == 201 else None)
            except (httpx.HTTPError, ValueError):
                return  # the server died under this request: not acknowledged
            if value is not None:
                with lock:
                    acked[key].append(value)


def test_kill_9_in_a_burst_of_writes_loses_nothing_acknowledged(database_url, tmp_path):
    env = env_for(database_url, tmp_path, AGENT_PLATFORM_SCHEDULER="off")
    server = Serve(env).start()
    try:
        http = httpx.Client(base_url=server.url, timeout=scaled(10))
        org = admin_org(http)
        provider = http.post("/v1/tool-providers", headers=org["headers"], json={
            "name": "burst", "type": "api", "base_url": "http://127.0.0.1:9",
            "auth": {"type": "bearer"}}).json()["tool_provider"]
        acked = {"agents": [], "users": [], "tools": []}
        lock, stop = threading.Lock(), threading.Event()
        writers = [threading.Thread(target=_writer, args=(
            server.url, org["headers"], provider["id"], i, stop, acked, lock)) for i in range(4)]
        for w in writers:
            w.start()
        wait_until(lambda: sum(map(len, acked.values())) >= 40, 60, "40 writes acked")
        server.kill()  # kill -9 while the writers keep writing
        stop.set()
        for w in writers:
            w.join(15)
    finally:
        server.kill()
    assert all(acked.values()), acked

    again = Serve(env).start()
    try:
        http = httpx.Client(base_url=again.url, timeout=scaled(10))
        h = org["headers"]
        for agent_id in acked["agents"]:
            resp = http.get(f"/v1/agents/{agent_id}", headers=h)
            assert resp.status_code == 200, (agent_id, resp.text)
            assert resp.json()["agent"]["instructions"] == "i" * 2000
        for user_id in acked["users"]:
            resp = http.get(f"/v1/users/{user_id}", headers=h)
            assert resp.status_code == 200, (user_id, resp.text)
            assert resp.json()["user"]["tools_auth_providers"] == [provider["id"]]
        for tool_id in acked["tools"]:
            assert http.get(f"/v1/tools/{tool_id}", headers=h).status_code == 200, tool_id
        # nothing half-written: every agent there (acknowledged or not) has its version
        agents, cursor = [], None
        while True:  # every page
            page = http.get("/v1/agents", params={"limit": 200, **({"cursor": cursor} if cursor else {})},
                            headers=h)
            assert page.status_code == 200, page.text
            agents += page.json()["agents"]
            cursor = page.json().get("next_cursor")
            if not cursor:
                break
        assert {a["id"] for a in agents} >= set(acked["agents"])
        for agent in agents:
            versions = http.get(f"/v1/agents/{agent['id']}/versions", headers=h)
            assert versions.status_code == 200 and versions.json()["versions"], agent
        # the rebuilds recorded by the killed process are delivered by the new one
        db.bind(database_url, pool_size=2, pool_timeout=5)
        def left() -> int:
            with db.connection():
                return OutboxEntry.select().count()

        wait_until(left, 30, "every outbox entry to be delivered", every=0.2,
                   done=lambda count: count == 0)
    finally:
        again.stop()
        current = db.database.obj
        if current is not None:
            current.close_all()

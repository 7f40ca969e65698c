"""Round trip: export from instance A (a separate `agent-platform serve` on SQLite), apply to
an empty organization of this instance (PostgreSQL on the Postgres stage), export again:
identical; and back to a fresh organization on A. The prod networks answer alike. The CLI's
export, plan and apply read and write the same documents."""
from __future__ import annotations

import json
import subprocess
import sys

import httpx
import pytest
import yaml

from tests.factories import make_org
from tests.factories_org_document import export, populate, send
from tests.processes import ROOT, Serve, env_for
from tests.waiting import scaled


@pytest.fixture(scope="module")
def instance_a(tmp_path_factory):
    data = tmp_path_factory.mktemp("instance-a")
    env = env_for(f"sqlite:///{data / 'a.db'}", data)
    serve = Serve(env, log=data / "serve.log").start()
    with httpx.Client(base_url=serve.url, timeout=scaled(60)) as http:
        yield http, env
    serve.stop()


def _prod_answer(http, org, text: str) -> str:
    resp = http.get("/v1/copilots?environment=prod", headers=org["headers"])
    assert resp.status_code == 200, resp.text
    prod = resp.json()["copilots"][0]["id"]
    resp = http.post(f"/v1/copilots/{prod}/run", headers=org["headers"], json={"input": text})
    assert resp.status_code == 200, resp.text
    return resp.json()["output"]


def test_round_trip_across_instances_and_backends(client, instance_a):
    http_a, _ = instance_a
    a = make_org(http_a, "Acme")
    populate(http_a, a)
    text_a = export(http_a, a).text

    b = make_org(client, "Acme")
    applied = send(client, b, "apply", yaml.safe_load(text_a), deploy=True,
                   secrets={"WEATHER_TOKEN": "s3cr3t-token"})
    assert applied["invalid"] == [] and applied["rebuild"]["failed"] == 0
    text_b = export(client, b).text
    assert text_b == text_a
    assert _prod_answer(client, b, "Where is my parcel?") == _prod_answer(
        http_a, a, "Where is my parcel?") == "Where is my parcel?"

    c = make_org(http_a, "Acme")
    send(http_a, c, "apply", yaml.safe_load(text_b), deploy=True,
         secrets={"WEATHER_TOKEN": "s3cr3t-token"})
    assert export(http_a, c).text == text_b
    assert send(http_a, c, "plan", yaml.safe_load(text_b), deploy=True)["changed"] is False


def _cli(env, *args, stdin: bytes | None = None, extra_env: dict | None = None):
    return subprocess.run([sys.executable, "-m", "server.cli", *args], cwd=ROOT,
                          env={**env, **(extra_env or {})}, input=stdin, capture_output=True,
                          timeout=120)


def test_cli_export_plan_apply(instance_a, tmp_path):
    http_a, env = instance_a
    a = make_org(http_a, "Acme")
    populate(http_a, a)
    done = _cli(env, "export", "--org", a["id"])
    assert done.returncode == 0, done.stderr.decode()
    assert done.stdout.decode() == export(http_a, a).text
    assert b"revision " in done.stderr
    path = tmp_path / "acme.yaml"
    path.write_bytes(done.stdout)

    target = make_org(http_a, "Copy")
    planned = _cli(env, "plan", "--org", target["id"], "-f", str(path))
    assert planned.returncode == 1  # the token has no value yet
    plan = json.loads(planned.stdout)
    assert [p["code"] for p in plan["invalid"]] == ["placeholder_missing"]

    secret_env = {"WEATHER_TOKEN": "from-the-environment"}
    planned = _cli(env, "plan", "--org", target["id"], "-f", str(path), "--deploy",
                   extra_env=secret_env)
    assert planned.returncode == 0, planned.stdout.decode() + planned.stderr.decode()
    plan = json.loads(planned.stdout)
    assert plan["placeholders"][0]["status"] == "supplied"
    assert plan["summary"]["create"] == 11 and plan["summary"]["deploy"] == 1

    applied = _cli(env, "apply", "--org", target["id"], "-f", str(path), "--deploy",
                   "--if-match", plan["revision"], extra_env=secret_env)
    assert applied.returncode == 0, applied.stderr.decode()
    assert json.loads(applied.stdout)["changed"] is True
    copy = _cli(env, "export", "--org", target["id"]).stdout.decode()
    assert copy == done.stdout.decode().replace("name: Acme", "name: Copy", 1)

    secrets = tmp_path / "secrets.yaml"
    secrets.write_text("apiVersion: agent-platform/v1\nkind: Secrets\nvalues:\n"
                       "  WEATHER_TOKEN: another\n")
    again = _cli(env, "apply", "--org", target["id"], "-f", "-", "--secrets", str(secrets),
                 stdin=path.read_bytes())
    assert again.returncode == 0, again.stderr.decode()
    changes = json.loads(again.stdout)["changes"]
    assert changes == [{"action": "update", "kind": "tool provider", "name": "Weather",
                        "fields": [{"field": "auth.token", "secret": True}]}]
    stale = _cli(env, "apply", "--org", target["id"], "-f", str(path),
                 "--if-match", plan["revision"])
    assert stale.returncode == 1 and b"precondition_failed" in stale.stderr

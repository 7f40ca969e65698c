"""The bootstrap command line: migrate, orgs create, keys create/revoke (JSON on stdout)."""
import json
import subprocess
import sys

from tests.factories import assert_problem, bearer


def run_cli(settings, *args, check=True):
    env = {
        "DATABASE_URL": settings.database_url,
        "AGENT_PLATFORM_DATA_DIR": str(settings.data_dir),
        "AGENT_PLATFORM_SECRET_KEY": settings.secret_key,
        "PATH": "/usr/bin:/bin",
    }
    proc = subprocess.run([sys.executable, "-m", "server.cli", *args], env=env,
                          capture_output=True, text=True, timeout=60)
    if check:
        assert proc.returncode == 0, proc.stderr
    return proc


def test_bootstrap_an_org_and_key_then_revoke_it(app, client, settings):
    migrated = json.loads(run_cli(settings, "migrate").stdout)
    assert migrated == {"applied": []}  # the app already applied everything

    org = json.loads(run_cli(settings, "orgs", "create", "--name", "From CLI").stdout)
    assert set(org) == {"id", "name"} and org["name"] == "From CLI"

    key = json.loads(run_cli(settings, "keys", "create", "--org", org["id"], "--name", "ci").stdout)
    assert set(key) == {"id", "key"} and key["key"].startswith("ap_")
    resp = client.get("/v1/organization", headers=bearer(key["key"]))
    assert resp.status_code == 200 and resp.json()["id"] == org["id"]

    revoked = json.loads(run_cli(settings, "keys", "revoke", key["id"]).stdout)
    assert revoked["id"] == key["id"] and revoked["revoked_at"]
    assert_problem(client.get("/v1/organization", headers=bearer(key["key"])), 401)


def test_errors_are_reported_on_stderr_with_a_nonzero_exit(app, settings):
    proc = run_cli(settings, "keys", "create", "--org", "00000000-0000-4000-8000-000000000000",
                   check=False)
    assert proc.returncode == 1
    assert json.loads(proc.stderr)["error"] == "organization_not_found"
    assert proc.stdout == ""


def test_the_default_group_exists_for_every_org(app, settings):
    from store import db
    from store.models import Group

    org = json.loads(run_cli(settings, "orgs", "create", "--name", "G").stdout)
    with db.connection():
        groups = list(Group.select().where(Group.org == org["id"]))
    assert [(g.group_id, g.name, g.is_default) for g in groups] == [("default", "Default", True)]

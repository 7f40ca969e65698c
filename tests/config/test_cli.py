"""The bootstrap command line: migrate, orgs create/list, keys create/list/revoke (JSON on
stdout; stderr names the data directory and database used)."""
import json
import subprocess
import sys

from tests.factories import assert_problem, bearer
from tests.factories_workflows import ROOT
from tests.waiting import scaled


def run_cli(settings, *args, check=True, env=None, cwd=ROOT):
    if env is None:
        env = {
            "DATABASE_URL": settings.database_url,
            "AGENT_PLATFORM_DATA_DIR": str(settings.data_dir),
            "AGENT_PLATFORM_SECRET_KEY": settings.secret_key,
            "PATH": "/usr/bin:/bin",
        }
    env = {**env, "PYTHONPATH": str(ROOT)}
    proc = subprocess.run([sys.executable, "-m", "server.cli", *args], env=env, cwd=cwd,
                          capture_output=True, text=True, timeout=scaled(60))
    if check:
        assert proc.returncode == 0, proc.stderr
    return proc


def said(proc) -> list[str]:
    """The human lines the command wrote on stderr."""
    return [line for line in proc.stderr.splitlines() if line.startswith("agent-platform: ")]


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
    assert json.loads(proc.stderr.splitlines()[-1])["error"] == "organization_not_found"
    assert proc.stdout == ""


def test_every_command_says_which_database_it_used(app, settings):
    proc = run_cli(settings, "orgs", "list")
    assert said(proc) == [f"agent-platform: data directory {settings.data_dir}, "
                          f"database {settings.database_shown}"]
    assert "organizations" in json.loads(proc.stdout)


def test_a_database_password_is_never_shown(app, settings, tmp_path):
    env = {"DATABASE_URL": "postgresql://ap:s3cret-pw@127.0.0.1:1/none?connect_timeout=1",
           "AGENT_PLATFORM_DATA_DIR": str(tmp_path), "PATH": "/usr/bin:/bin"}
    proc = run_cli(settings, "orgs", "list", env=env, check=False)
    assert proc.returncode != 0  # nothing answers on port 1
    assert "s3cret-pw" not in proc.stderr + proc.stdout
    assert said(proc)[0].endswith("database postgresql://ap:***@127.0.0.1:1/none?connect_timeout=1")


def test_orgs_and_keys_are_listed_without_any_key(app, client, settings):
    org = json.loads(run_cli(settings, "orgs", "create", "--name", "Listed").stdout)
    first = json.loads(run_cli(settings, "keys", "create", "--org", org["id"], "--name", "a")
                       .stdout)
    second = json.loads(run_cli(settings, "keys", "create", "--org", org["id"]).stdout)
    run_cli(settings, "keys", "revoke", first["id"])

    listed = json.loads(run_cli(settings, "orgs", "list").stdout)["organizations"]
    assert org in [{"id": o["id"], "name": o["name"]} for o in listed]
    assert all(set(o) == {"id", "name", "created_at"} for o in listed)

    proc = run_cli(settings, "keys", "list", "--org", org["id"])
    keys = json.loads(proc.stdout)["api_keys"]
    assert [(k["id"], k["name"], k["org_id"]) for k in keys] == [
        (first["id"], "a", org["id"]), (second["id"], "default", org["id"])]
    assert keys[0]["revoked_at"] and keys[1]["revoked_at"] is None
    assert set(keys[0]) == {"id", "org_id", "name", "prefix", "created_at", "last_used_at",
                            "revoked_at"}
    from store import keys as key_store

    assert [k["prefix"] for k in keys] == [first["key"][:10], second["key"][:10]]
    for secret in (first["key"], second["key"]):
        assert secret not in proc.stdout + proc.stderr
        assert key_store.hash_key(secret, settings.secret_key) not in proc.stdout + proc.stderr

    other = run_cli(settings, "keys", "list", "--org", "00000000-0000-4000-8000-000000000000",
                    check=False)
    assert other.returncode == 1
    assert json.loads(other.stderr.splitlines()[-1])["error"] == "organization_not_found"


def test_every_directory_shares_one_default_data_directory(app, settings, tmp_path):
    """Without AGENT_PLATFORM_DATA_DIR, commands run from different directories use the same
    per-user data directory (here under a temporary HOME), never the working directory."""
    home, here, there = tmp_path / "home", tmp_path / "here", tmp_path / "there"
    for path in (home, here, there):
        path.mkdir()
    env = {"HOME": str(home), "PATH": "/usr/bin:/bin"}
    default = home / ".local" / "share" / "agent-platform"
    assert json.loads(run_cli(settings, "migrate", env=env, cwd=here).stdout)["applied"]
    created = json.loads(run_cli(settings, "orgs", "create", "--name", "Here", env=env,
                                 cwd=here).stdout)
    proc = run_cli(settings, "orgs", "list", env=env, cwd=there)
    assert [o["id"] for o in json.loads(proc.stdout)["organizations"]] == [created["id"]]
    assert said(proc) == [f"agent-platform: data directory {default}, "
                          f"database sqlite:///{default / 'agent-platform.db'}"]
    assert sorted(p.name for p in default.iterdir() if not p.name.endswith(("-wal", "-shm"))) \
        == ["agent-platform.db", "agent-platform.secret"]
    assert list(here.iterdir()) == [] and list(there.iterdir()) == []

    xdg = tmp_path / "xdg"
    proc = run_cli(settings, "orgs", "list", env={**env, "XDG_DATA_HOME": str(xdg)}, check=False)
    assert said(proc)[0].startswith(f"agent-platform: data directory {xdg / 'agent-platform'},")


def test_the_default_group_exists_for_every_org(app, settings):
    from core import db
    from store.models import Group

    org = json.loads(run_cli(settings, "orgs", "create", "--name", "G").stdout)
    with db.connection():
        groups = list(Group.select().where(Group.org == org["id"]))
    assert [(g.group_id, g.name, g.is_default) for g in groups] == [("default", "Default", True)]

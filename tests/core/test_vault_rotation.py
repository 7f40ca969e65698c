"""Key rotation: `agent-platform secrets rotate` re-encrypts every secret under the newest key."""
import json

import pytest
from cryptography.fernet import Fernet

from server import cli
from store import vault
from core import crypto
from core import db
from store.models import ToolProvider, UserCredential
from tests.conftest import SECRET_KEY
from tests.factories import make_org
from tests.factories_identity import make_provider


@pytest.fixture
def restore(settings):
    yield
    crypto.configure(settings.active_encryption_keys)
    db.bind(settings.database_url, pool_size=settings.db_pool_size,
            pool_timeout=settings.db_pool_timeout)


def test_cli_reencrypts_everything_under_the_newest_key(client, settings, monkeypatch, capsys,
                                                        restore):
    org = make_org(client)
    pid = make_provider(org["id"], secrets={"token": "provider-secret"})
    client.post("/v1/users", json={"user_id": "rot", "tools_auth": {pid: {"token": "user-secret"}}},
                headers=org["headers"])
    old = settings.active_encryption_keys[0]
    new = Fernet.generate_key().decode()
    monkeypatch.setenv("DATABASE_URL", settings.database_url)
    monkeypatch.setenv("AGENT_PLATFORM_SECRET_KEY", SECRET_KEY)
    monkeypatch.setenv("AGENT_PLATFORM_DATA_DIR", str(settings.data_dir))
    monkeypatch.setenv("AGENT_PLATFORM_ENCRYPTION_KEYS", f"{new},{old}")
    with db.connection():
        before = UserCredential.get(UserCredential.provider == pid).secret
    assert cli.main(["secrets", "rotate"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["reencrypted"]["user_credential"] >= 1 and out["reencrypted"]["tool_provider"] >= 1
    crypto.configure([new])  # only the new key now: everything must still decrypt
    with db.connection():
        row = UserCredential.get(UserCredential.provider == pid)
        assert row.secret != before
        assert vault.credentials_for(org_id=org["id"], user_id="rot", provider_id=pid) == {
            "token": "user-secret"}
        assert crypto.decrypt(ToolProvider.get_by_id(pid).secrets) == {"token": "provider-secret"}
        for token in [r.secret for r in UserCredential.select()]:
            crypto.decrypt(token)
    crypto.configure([old])
    with pytest.raises(crypto.DecryptionFailed):
        crypto.decrypt(row.secret)
    # running it again is harmless
    crypto.configure([new, old])
    assert cli.main(["secrets", "rotate"]) == 0

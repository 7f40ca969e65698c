"""No secret reaches any log record: every logger at DEBUG captured while secrets are used."""
import uuid

from store import db, vault
from tests.factories import make_org
from tests.factories_identity import capture_all_logs, make_provider


def test_vault_use_logs_no_secret(client):
    secret = "sek-" + uuid.uuid4().hex
    org = make_org(client)
    pid = make_provider(org["id"], auth={"type": "api_key", "in": "header", "name": "X-Key"})
    with capture_all_logs() as lines:
        h = org["headers"]
        assert client.post("/v1/users", json={"user_id": "lg", "tools_auth": {pid: {"api_key": secret}}},
                           headers=h).status_code == 201
        assert client.patch("/v1/users/lg", json={"tools_auth": {pid: {"api_key": secret + "2"}}},
                            headers=h).status_code == 200
        assert client.patch("/v1/users/lg", json={"tools_auth": {pid: {"api_key": secret * 400}}},
                            headers=h).status_code == 400
        assert client.patch("/v1/users/lg", json={"tools_auth": {pid: {"token": secret}}},
                            headers=h).status_code == 400
        assert client.post("/v1/users", json={"user_id": "lg2", "tools_auth": {str(uuid.uuid4()): {"api_key": secret}}},
                           headers=h).status_code == 404
        client.get("/v1/users/lg", headers=h)
        with db.connection():
            assert vault.credentials_for(org_id=org["id"], user_id="lg", provider_id=pid)["api_key"] == secret + "2"
            vault.rotate_all()
    text = "\n".join(lines)
    assert "request" in text  # the capture saw the request log lines
    assert secret not in text

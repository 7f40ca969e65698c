"""No secret reaches any log record: every logger at DEBUG captured while secrets are used."""
import uuid

from store import vault
from core import db
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


def test_sessions_and_oauth_log_no_secret(client, settings):
    import httpx

    from runtime.tools import oauth
    from tests.servers_identity import OAuthServer

    tool_secret = "sek-" + uuid.uuid4().hex
    org = make_org(client)
    pid = make_provider(org["id"])
    with OAuthServer(client_secret="client-" + uuid.uuid4().hex, expires_in=10) as idp:
        op = make_provider(org["id"], secrets={"client_secret": idp.client_secret}, auth={
            "type": "oauth2", "authorize_url": f"{idp.url}/authorize",
            "token_url": f"{idp.url}/token", "client_id": idp.client_id})
        with capture_all_logs() as lines:
            tokens = client.post("/v1/sessions", json={"user_id": "lg3", "tools_auth": {pid: {"token": tool_secret}}},
                                 headers=org["headers"]).json()
            again = client.post("/v1/sessions/refresh", json={"refresh_token": tokens["refresh_token"]}).json()
            client.post("/v1/sessions/refresh", json={"refresh_token": tokens["refresh_token"]})  # reuse
            client.get("/v1/users", headers={"Authorization": f"Bearer {again['access_token']}"})
            url = client.get(f"/v1/tool-providers/{op}/oauth/authorize?user_id=lg3",
                             headers=org["headers"]).json()["authorization_url"]
            location = httpx.get(url, follow_redirects=False, timeout=5).headers["location"]
            assert client.get(location[len(settings.public_url):]).status_code == 200
            with db.connection():
                fresh = oauth.fresh_credentials(org_id=org["id"], user_id="lg3", provider_id=op)
                idp.fail_token_endpoint = True
                oauth.fresh_credentials(org_id=org["id"], user_id="lg3", provider_id=op)
    secrets = [tool_secret, idp.client_secret, org["key"], tokens["access_token"],
               tokens["refresh_token"], again["access_token"], again["refresh_token"]]
    for issued in idp.issued:
        secrets += [issued["access_token"], issued.get("refresh_token") or tool_secret]
    assert fresh["access_token"] == idp.issued[-1]["access_token"]
    text = "\n".join(lines)
    assert "oauth token refresh failed" in text
    for secret in secrets:
        assert secret not in text

"""GET/PUT /v1/model-config: the org's default provider, endpoints and write-only keys
(encrypted at rest, never returned or logged), the SSRF policy on base URLs."""
from store import model_config, vault
from core import db
from store.models import OrgModelConfig
from tests.factories import assert_problem, make_org
from tests.factories_identity import capture_all_logs, mint

KEY = "sk-org-secret-0123456789"


def test_defaults_then_a_key_that_is_never_returned(client):
    org = make_org(client)
    resp = client.get("/v1/model-config", headers=org["headers"])
    assert resp.status_code == 200, resp.text
    assert resp.json() == {"default_provider": None, "updated_at": None, "embeddings": None,
                           "providers": {
        "openai": {"base_url": None, "has_api_key": False},
        "anthropic": {"base_url": None, "has_api_key": False}}}
    with capture_all_logs() as lines:
        resp = client.put("/v1/model-config", json={
            "default_provider": "openai",
            "providers": {"openai": {"base_url": "http://127.0.0.1:9/v1", "api_key": KEY}}},
            headers=org["headers"])
    assert resp.status_code == 200, resp.text
    body = resp.json()
    assert body["default_provider"] == "openai"
    assert body["providers"]["openai"] == {"base_url": "http://127.0.0.1:9/v1",
                                           "has_api_key": True}
    assert KEY not in resp.text and not any(KEY in line for line in lines)
    got = client.get("/v1/model-config", headers=org["headers"])
    assert KEY not in got.text and got.json()["providers"]["openai"]["has_api_key"]
    with db.connection():
        stored = OrgModelConfig.get(OrgModelConfig.org == org["id"])
        assert KEY not in (stored.secrets or "") and KEY not in str(stored.providers)

    with db.connection():  # key rotation re-encrypts model keys too
        before = OrgModelConfig.get(OrgModelConfig.org == org["id"]).secrets
        assert vault.rotate_all()["org_model_config"] >= 1
        assert OrgModelConfig.get(OrgModelConfig.org == org["id"]).secrets != before
        assert model_config.resolve(org_id=org["id"])["openai"]["api_key"] == KEY

    kept = client.put("/v1/model-config", json={"providers": {"openai": {}}},
                      headers=org["headers"]).json()
    assert kept["providers"]["openai"]["has_api_key"] and kept["default_provider"] is None
    removed = client.put("/v1/model-config", json={"providers": {"openai": {"api_key": None}}},
                         headers=org["headers"]).json()
    assert not removed["providers"]["openai"]["has_api_key"]


def test_base_urls_pass_the_ssrf_policy(client):
    org = make_org(client)
    for url in ("http://10.0.0.5:11434/v1", "http://169.254.169.254/latest",
                "http://localhost:8000/v1"):
        assert_problem(client.put("/v1/model-config", json={
            "providers": {"anthropic": {"base_url": url}}}, headers=org["headers"]),
            403, "url_not_allowed")
    assert_problem(client.put("/v1/model-config", json={"default_provider": "llama"},
                              headers=org["headers"]), 400)


def test_model_config_needs_the_api_key_and_is_per_organization(client):
    org, other = make_org(client), make_org(client)
    client.put("/v1/model-config", json={"default_provider": "anthropic"},
               headers=org["headers"])
    assert client.get("/v1/model-config",
                      headers=other["headers"]).json()["default_provider"] is None
    session = {"Authorization": f"Bearer {mint(client, org, 'ua')['access_token']}"}
    assert_problem(client.get("/v1/model-config", headers=session), 403,
                   "credential_not_allowed")

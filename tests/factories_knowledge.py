"""Knowledge bases and embeddings for tests: the suite's OpenAI-compatible server as the
organization's embeddings model, knowledge bases, documents and the wait for them."""
from __future__ import annotations

from tests.waiting import wait_until

DIMS = 64
READY = {"ready", "failed"}


def use_embeddings(client, org, server, *, model: str = "test-embed", dims: int = DIMS,
                   wait: bool = True) -> dict:
    """Point org's embeddings at the suite's server (keeping its chat providers as they are)."""
    current = client.get("/v1/model-config", headers=org["headers"]).json()
    body = {"default_provider": current["default_provider"],
            "providers": {name: {"base_url": entry["base_url"]}
                          for name, entry in current["providers"].items()},
            "embeddings": {"base_url": server.base_url, "model": model, "dimensions": dims}}
    resp = client.put("/v1/model-config", json=body, headers=org["headers"])
    assert resp.status_code == 200, resp.text
    return wait_embeddings(client, org, model) if wait else resp.json()


def wait_embeddings(client, org, model: str, timeout: float = 30.0) -> dict:
    """Wait until the org's embeddings model `model` answers searches."""
    def config() -> dict:
        found = client.get("/v1/model-config", headers=org["headers"]).json()
        entry = found["embeddings"] or {}
        if entry.get("status") == "failed":
            raise AssertionError(f"embeddings not ready: {entry}")
        return found

    return wait_until(config, timeout, f"embeddings model {model} ready",
                      done=lambda found: (found["embeddings"] or {}).get("status") == "ready"
                      and found["embeddings"].get("active_model") == model)


def make_kb(client, org, name: str = "handbook", **fields) -> dict:
    resp = client.post("/v1/knowledge-bases", json={"name": name, **fields},
                       headers=org["headers"])
    assert resp.status_code == 201, resp.text
    return resp.json()["knowledge_base"]


def add_text(client, org, kb_id: str, name: str, content: str,
             content_type: str = "text/markdown") -> dict:
    resp = client.post(f"/v1/knowledge-bases/{kb_id}/documents", headers=org["headers"],
                       json={"name": name, "content": content, "content_type": content_type})
    assert resp.status_code == 202, resp.text
    return resp.json()["document"]


def wait_document(client, org, kb_id: str, document_id: str, until=READY,
                  timeout: float = 30.0) -> dict:
    def document() -> dict:
        resp = client.get(f"/v1/knowledge-bases/{kb_id}/documents/{document_id}",
                          headers=org["headers"])
        assert resp.status_code == 200, resp.text
        return resp.json()["document"]

    return wait_until(document, timeout, f"document {document_id} to reach {until}",
                      done=lambda found: found["status"] in until)


def search(client, org, kb_id: str, q: str, **params) -> list[dict]:
    resp = client.get(f"/v1/knowledge-bases/{kb_id}/search", params={"q": q, **params},
                      headers=org["headers"])
    assert resp.status_code == 200, resp.text
    return resp.json()["results"]

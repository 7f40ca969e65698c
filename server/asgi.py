"""ASGI entry for uvicorn worker processes: settings from the environment."""
from __future__ import annotations


def make_app():
    import os

    from server import openapi31
    from server.app import create_app
    from store.settings import Settings

    # `serve` validated the OpenAPI document before starting its workers (server/cli.py)
    openapi31.trust(os.environ.get("AGENT_PLATFORM_VALIDATED_DOCUMENTS", "").split(","))
    return create_app(Settings.from_env())

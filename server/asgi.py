"""ASGI entry for uvicorn worker processes: settings from the environment."""
from __future__ import annotations


def make_app():
    from server.app import create_app
    from store.settings import Settings

    return create_app(Settings.from_env())

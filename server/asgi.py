"""ASGI entry for uvicorn worker processes: settings from the environment."""
from __future__ import annotations


def make_app():
    import gc
    import os

    from server import malloc, openapi31
    from server.app import create_app
    from store.settings import Settings

    malloc.limit_arenas()  # a worker process of `serve --workers N`: before its threads start

    # `serve` validated the OpenAPI document before starting its workers (server/cli.py)
    openapi31.trust(os.environ.get("AGENT_PLATFORM_VALIDATED_DOCUMENTS", "").split(","))
    app = create_app(Settings.from_env())
    # What start-up built (the parsed OpenAPI document, its validators, modules: about 140,000
    # objects) lives as long as the process: kept out of the cyclic garbage collector, whose
    # full collections would otherwise walk all of it (a pause of 100 ms and more) while a
    # request waits.
    gc.collect()
    gc.freeze()
    return app

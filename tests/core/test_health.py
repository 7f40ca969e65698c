"""Liveness and readiness need no token; readiness reports the database and the queue."""
import dataclasses

import pytest

from core import readiness
from store.errors import Unavailable
from tests.conftest import REDIS_URL


def test_healthz_and_readyz_need_no_token(client):
    assert client.get("/healthz").json() == {"status": "ok"}
    resp = client.get("/readyz")
    assert resp.status_code == 200
    assert resp.json()["checks"]["database"] == "ok"


def test_readiness_with_redis_configured(app, settings):
    if not REDIS_URL:
        assert readiness.check(settings)["queue"] == "inline"
        return
    with_redis = dataclasses.replace(settings, redis_url=REDIS_URL)
    from core import db

    with db.connection():
        assert readiness.check(with_redis) == {"database": "ok", "queue": "ok"}


def test_unreachable_queue_is_503(app, settings):
    down = dataclasses.replace(settings, redis_url="redis://127.0.0.1:1/0")
    from core import db

    with db.connection(), pytest.raises(Unavailable) as err:
        readiness.check(down)
    assert err.value.code == "not_ready" and "queue" in err.value.detail

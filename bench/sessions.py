"""Session token benchmarks.

1. In-process verification of a session token (signature + the live-session query).
2. The same authenticated GET (GET /v1/organization, here also opened to session tokens) with
   a session token and with an API key, interleaved, against a live server.
3. 1,000 concurrent mints for distinct users and 100 concurrent mints for one new user against
   a live server (2 worker processes): no 500, exactly one user row per user id.

    python -m bench sessions [--database-url URL] [--workers 2] [--requests 2000]
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

import httpx

from bench._support import report as result_line

ADMIN_TOKEN = "bench-admin-token"
SECRET_KEY = "bench-secret-key"


def bench_app():
    """uvicorn factory: the app with GET /v1/organization also reachable by session tokens."""
    from server import app as app_module
    from core.settings import Settings

    original = app_module.load_spec

    def spec(*args, **kwargs):
        import copy

        doc = copy.deepcopy(original(*args, **kwargs))
        doc["paths"]["/v1/organization"]["get"]["security"].append({"sessionToken": []})
        return doc

    app_module.load_spec = spec
    return app_module.create_app(Settings.from_env())


def _pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def _summary(values: list[float]) -> dict:
    return {"p50_ms": round(statistics.median(values) * 1000, 4),
            "p95_ms": round(_pct(values, 0.95) * 1000, 4),
            "mean_ms": round(statistics.fmean(values) * 1000, 4), "n": len(values)}


def verification(env: dict, n: int) -> dict:
    os.environ.update(env)
    from server.app import create_app
    from store import keys, orgs, sessions
    from core import db
    from core.settings import Settings

    settings = Settings.from_env()
    create_app(settings, migrate=True)
    with db.connection():
        org = orgs.create(name="bench-verify")
        key, _ = keys.create(org_id=org.id, name=None, secret=settings.secret_key)
        token = sessions.mint(org_id=org.id, key_id=key.id, user_id="verify",
                              settings=settings)["access_token"]
        for _ in range(500):
            sessions.verify(token, settings)
        times = []
        for _ in range(n):
            started = time.perf_counter()
            sessions.verify(token, settings)
            times.append(time.perf_counter() - started)
    return _summary(times)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _serve(env: dict, workers: int) -> tuple[subprocess.Popen, str]:
    port = _free_port()
    code = ("import uvicorn; uvicorn.run('bench.sessions:bench_app', factory=True, "
            f"host='127.0.0.1', port={port}, workers={workers}, log_level='warning', "
            "access_log=False, log_config=None)")
    proc = subprocess.Popen([sys.executable, "-c", code], env={**os.environ, **env},
                            cwd=str(Path(__file__).resolve().parent.parent))
    base = f"http://127.0.0.1:{port}"
    deadline = time.time() + 60
    while time.time() < deadline:
        try:
            if httpx.get(f"{base}/healthz", timeout=1).status_code == 200:
                return proc, base
        except httpx.HTTPError:
            time.sleep(0.2)
    proc.kill()
    raise SystemExit("the bench server did not start")


def _bootstrap(base: str) -> dict:
    admin = {"Authorization": f"Bearer {ADMIN_TOKEN}"}
    org = httpx.post(f"{base}/v1/admin/orgs", json={"name": "bench"}, headers=admin).json()
    key = httpx.post(f"{base}/v1/admin/orgs/{org['id']}/api-keys", json={}, headers=admin).json()
    return {"org_id": org["id"], "key": key["key"]}


def same_get(base: str, boot: dict, n: int) -> dict:
    with httpx.Client(base_url=base, timeout=10) as client:
        key = {"Authorization": f"Bearer {boot['key']}"}
        minted = client.post("/v1/sessions", json={"user_id": "bench-get"}, headers=key).json()
        session = {"Authorization": f"Bearer {minted['access_token']}"}
        times = {"api_key": [], "session_token": []}
        for _ in range(200):  # warm-up
            client.get("/v1/organization", headers=key)
            client.get("/v1/organization", headers=session)
        for i in range(n):
            order = (("api_key", key), ("session_token", session))
            for name, headers in (order if i % 2 == 0 else order[::-1]):
                started = time.perf_counter()
                resp = client.get("/v1/organization", headers=headers)
                times[name].append(time.perf_counter() - started)
                assert resp.status_code == 200, resp.text
    result = {name: _summary(values) for name, values in times.items()}
    result["session_vs_api_key_p50"] = round(
        result["session_token"]["p50_ms"] / result["api_key"]["p50_ms"], 3)
    return result


async def _mints(base: str, key: str, user_ids: list[str]) -> dict:
    limits = httpx.Limits(max_connections=len(user_ids), max_keepalive_connections=0)
    async with httpx.AsyncClient(base_url=base, timeout=120, limits=limits) as client:
        async def one(user_id):
            try:
                resp = await client.post("/v1/sessions", json={"user_id": user_id},
                                         headers={"Authorization": f"Bearer {key}"})
                return resp.status_code
            except httpx.HTTPError as exc:
                return type(exc).__name__
        started = time.perf_counter()
        statuses = await asyncio.gather(*(one(u) for u in user_ids))
        elapsed = time.perf_counter() - started
    counts: dict = {}
    for status in statuses:
        counts[str(status)] = counts.get(str(status), 0) + 1
    return {"requests": len(user_ids), "statuses": counts, "seconds": round(elapsed, 2)}


def _user_rows(env: dict, org_id: str) -> dict[str, int]:
    os.environ.update(env)
    from core import db
    from store.models import AppUser
    from core.settings import Settings

    settings = Settings.from_env()
    db.bind(settings.database_url, pool_size=2)
    import peewee

    with db.connection():
        rows = (AppUser.select(AppUser.user_id, peewee.fn.COUNT(AppUser.id))
                .where(AppUser.org == org_id).group_by(AppUser.user_id).tuples())
        return dict(rows)


def concurrent_mints(base: str, boot: dict, env: dict, distinct: int, same: int) -> dict:
    prefix = uuid.uuid4().hex[:6]
    distinct_ids = [f"{prefix}-user-{i}" for i in range(distinct)]
    one_id = f"{prefix}-the-one"
    result = {"distinct_users": asyncio.run(_mints(base, boot["key"], distinct_ids)),
              "same_new_user": asyncio.run(_mints(base, boot["key"], [one_id] * same))}
    rows = _user_rows(env, boot["org_id"])
    result["user_rows_for_distinct_ids"] = sum(rows.get(u, 0) for u in distinct_ids)
    result["distinct_ids_with_exactly_one_row"] = sum(1 for u in distinct_ids if rows.get(u) == 1)
    result["user_rows_for_the_same_id"] = rows.get(one_id, 0)
    result["no_500"] = all("500" not in r["statuses"]
                           for r in (result["distinct_users"], result["same_new_user"]))
    return result


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench sessions")
    parser.add_argument("--database-url", help="default: a new SQLite file")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--requests", type=int, default=2000, help="GETs per credential")
    parser.add_argument("--verifications", type=int, default=20000)
    parser.add_argument("--distinct", type=int, default=1000)
    parser.add_argument("--same", type=int, default=100)
    args = parser.parse_args(argv)
    data_dir = Path(tempfile.mkdtemp(prefix="bench-sessions-"))
    env = {
        "DATABASE_URL": args.database_url or f"sqlite:///{data_dir / 'bench.db'}",
        "AGENT_PLATFORM_DATA_DIR": str(data_dir),
        "AGENT_PLATFORM_SECRET_KEY": SECRET_KEY,
        "AGENT_PLATFORM_ADMIN_TOKEN": ADMIN_TOKEN,
        "AGENT_PLATFORM_LOG_LEVEL": "WARNING",
    }
    report = {"database": env["DATABASE_URL"].split(":")[0], "workers": args.workers,
              "verification_in_process": verification(env, args.verifications)}
    proc, base = _serve(env, args.workers)
    try:
        boot = _bootstrap(base)
        report["same_get"] = same_get(base, boot, args.requests)
        report["concurrent_mints"] = concurrent_mints(base, boot, env, args.distinct, args.same)
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    print(json.dumps(report, indent=2))
    mints = report["concurrent_mints"]
    result_line("sessions", report, {
        "session_get_within_10pct_of_key_get":
            report["same_get"]["session_vs_api_key_p50"] <= 1.10,
        "mints_no_500": mints["no_500"],
        "one_user_row_per_id": (mints["distinct_ids_with_exactly_one_row"] == args.distinct
                                and mints["user_rows_for_the_same_id"] == 1)})
    return 0

"""The baseline of `python -m bench http`: a bare Flask app answering GET /v1/organization with
the same queries as the service (API key lookup by keyed hash, organization read) on the same
SQLite database, served by gunicorn."""
import hashlib
import hmac
import json
import os
import sqlite3
import threading

from flask import Flask, Response, request

app = Flask(__name__)
_DB = os.environ["BENCH_DB_PATH"]
_SECRET = os.environ["AGENT_PLATFORM_SECRET_KEY"].encode()
_local = threading.local()


def _conn():
    conn = getattr(_local, "conn", None)
    if conn is None:
        conn = _local.conn = sqlite3.connect(_DB, check_same_thread=False)
        conn.execute("PRAGMA journal_mode=wal")
    return conn


@app.get("/v1/organization")
def organization():
    header = request.headers.get("Authorization", "")
    if not header.startswith("Bearer "):
        return Response('{"status": 401}', 401, mimetype="application/problem+json")
    digest = hmac.new(_SECRET, header[7:].encode(), hashlib.sha256).hexdigest()
    conn = _conn()
    row = conn.execute("SELECT org_id FROM api_key WHERE key_hash = ? AND revoked_at IS NULL",
                       (digest,)).fetchone()
    if row is None:
        return Response('{"status": 401}', 401, mimetype="application/problem+json")
    org = conn.execute("SELECT id, name, created_at FROM organization WHERE id = ?", row).fetchone()
    body = {"id": org[0], "name": org[1], "created_at": org[2]}
    return Response(json.dumps(body), 200, mimetype="application/json")

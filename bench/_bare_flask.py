"""The baseline of `python -m bench http` and `python -m bench list`: a bare Flask app answering
GET /v1/organization, GET /v1/agents and GET /v1/tools with the same queries as the service
(API key lookup by keyed hash, then the organization or one page of the list, the agents'
current versions in one more query) on the same SQLite database, building the same JSON
documents with the same encoder, served by gunicorn."""
import datetime
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
_UNAUTHORIZED = Response('{"status": 401}', 401, mimetype="application/problem+json")


def _conn():
    conn = getattr(_local, "conn", None)
    if conn is None:
        conn = _local.conn = sqlite3.connect(_DB, check_same_thread=False)
        conn.execute("PRAGMA journal_mode=wal")
    return conn


def _org_id(conn):
    header = request.headers.get("Authorization", "")
    if not header.startswith("Bearer "):
        return None
    digest = hmac.new(_SECRET, header[7:].encode(), hashlib.sha256).hexdigest()
    row = conn.execute("SELECT org_id, last_used_at FROM api_key WHERE key_hash = ? AND "
                       "revoked_at IS NULL", (digest,)).fetchone()
    return row and row[0]


def _iso(value):
    """SQLite's 'YYYY-MM-DD HH:MM:SS.ffffff' as RFC 3339 with milliseconds and Z."""
    if value is None:
        return None
    text = value.replace(" ", "T")
    return (text[:23] if "." in text else text + ".000") + "Z"


def _cursor(created_at, row_id):
    """The service's cursor for a row: its creation time in µs since the epoch, and its id."""
    stamp = datetime.datetime.fromisoformat(created_at) - datetime.datetime(1970, 1, 1)
    return f"{stamp // datetime.timedelta(microseconds=1)}_{row_id}"


def _json(text):
    return None if text is None else json.loads(text)


def _ok(body):
    return Response(json.dumps(body) + "\n", 200, mimetype="application/json")


@app.get("/v1/organization")
def organization():
    conn = _conn()
    org_id = _org_id(conn)
    if org_id is None:
        return _UNAUTHORIZED
    org = conn.execute("SELECT id, name, created_at FROM organization WHERE id = ?",
                       (org_id,)).fetchone()
    return _ok({"id": org[0], "name": org[1], "created_at": _iso(org[2])})


@app.get("/v1/tools")
def tools():
    conn = _conn()
    org_id = _org_id(conn)
    if org_id is None:
        return _UNAUTHORIZED
    limit = int(request.args.get("limit", 50))
    rows = conn.execute(
        "SELECT id, tool_provider_id, name, description, method, path, input_schema, "
        "output_schema, timeout_ms, is_enabled, operation_id, tags, deprecated, "
        "requires_approval, approval_timeout_s, created_at, updated_at FROM tool WHERE org_id = ? ORDER BY created_at, id LIMIT ?",
        (org_id, limit + 1)).fetchall()
    page = [{"id": r[0], "tool_provider_id": r[1], "name": r[2], "description": r[3],
             "method": r[4], "path": r[5], "input_schema": _json(r[6]),
             "output_schema": _json(r[7]), "timeout_ms": r[8], "is_enabled": bool(r[9]),
             "operation_id": r[10], "tags": _json(r[11]),
             "deprecated": None if r[12] is None else bool(r[12]),
             "requires_approval": bool(r[13]), "approval_timeout_s": r[14],
             "created_at": _iso(r[15]), "updated_at": _iso(r[16])} for r in rows[:limit]]
    last = rows[limit - 1] if len(rows) > limit else None
    return _ok({"tools": page, "next_cursor": last and _cursor(last[15], last[0])})


@app.get("/v1/agents")
def agents():
    conn = _conn()
    org_id = _org_id(conn)
    if org_id is None:
        return _UNAUTHORIZED
    limit = int(request.args.get("limit", 50))
    rows = conn.execute(
        "SELECT id, current_version_id, build_status, build_error, build_version_id, "
        "runtime_id, runtime_version_id, built_at, created_at, updated_at FROM agent "
        "WHERE org_id = ? ORDER BY created_at, id LIMIT ?", (org_id, limit + 1)).fetchall()
    more, rows = len(rows) > limit, rows[:limit]
    ids = [r[1] for r in rows]
    versions = {v[0]: v for v in conn.execute(
        "SELECT id, version, name, description, instructions, model, tool_ids, "
        f"tool_provider_ids, max_steps, memory, approval_tool_ids FROM agent_version WHERE id IN ({','.join('?' * len(ids))})",
        ids)} if ids else {}
    page = []
    for r in rows:
        v = versions[r[1]]
        page.append({"id": r[0], "agent_version_id": v[0], "version": v[1], "name": v[2],
                     "description": v[3], "instructions": v[4], "model": _json(v[5]),
                     "tool_ids": _json(v[6]), "tool_provider_ids": _json(v[7]),
                     "max_steps": v[8], "memory": bool(v[9]),
                     "approval_tool_ids": _json(v[10]) or [],
                     "build": {"status": r[2], "error": r[3], "agent_version_id": r[4],
                               "runtime_id": r[5], "runtime_version_id": r[6],
                               "built_at": _iso(r[7])},
                     "created_at": _iso(r[8]), "updated_at": _iso(r[9])})
    return _ok({"agents": page, "next_cursor": more and _cursor(rows[-1][8], rows[-1][0]) or None})

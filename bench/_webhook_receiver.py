"""A webhook receiver for `bench webhooks`, a process of its own: `/e{n}` takes deliveries
for endpoint n (204 at once) and notes each one's delay, the time it arrived minus the
event's `timestamp`; `GET /stats` answers {received, distinct, delays}.

    python -m bench._webhook_receiver PORT
"""
from __future__ import annotations

import datetime as dt
import json
import sys
import time

import uvicorn

received: list[tuple[str, str, float]] = []  # (path, webhook-id, delay s)


async def app(scope, receive, send):
    if scope["type"] != "http":
        return
    body = b""
    while True:
        message = await receive()
        body += message.get("body", b"")
        if not message.get("more_body"):
            break
    if scope["method"] == "GET":
        distinct = len({(p, i) for p, i, _ in received})
        text = json.dumps({"received": len(received), "distinct": distinct,
                           "delays": [d for _, _, d in received]}).encode()
        await send({"type": "http.response.start", "status": 200,
                    "headers": [(b"content-type", b"application/json")]})
        await send({"type": "http.response.body", "body": text})
        return
    now = time.time()
    event = json.loads(body)
    sent = dt.datetime.fromisoformat(event["timestamp"].replace("Z", "+00:00")).timestamp()
    headers = dict(scope["headers"])
    received.append((scope["path"], headers.get(b"webhook-id", b"").decode(), now - sent))
    await send({"type": "http.response.start", "status": 204, "headers": []})
    await send({"type": "http.response.body", "body": b""})


if __name__ == "__main__":
    uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[1]), log_level="warning",
                access_log=False)

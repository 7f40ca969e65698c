"""The HTTP edge: one module per resource (the operation's first tag), functions named after
operationIds. A handler reads the request, calls one domain operation and shapes the response."""
from __future__ import annotations

JSON = {"Content-Type": "application/json"}


def ok(body, status: int = 200):
    """A JSON success response (explicit content type: errors are application/problem+json)."""
    return body, status, JSON


def created(body, location: str):
    """201 with the created resource's path in `Location`."""
    return body, 201, {**JSON, "Location": location}

"""The HTTP edge: one module per resource (the operation's first tag), functions named after
operationIds. A handler reads the request, calls one domain operation and shapes the response."""
from __future__ import annotations

from connexion.jsonifier import JSONEncoder
from starlette.responses import Response

# Connexion's encoder (datetimes, dates, UUIDs, decimals), one instance: the C encoder is used
_encode = JSONEncoder().encode


def ok(body, status: int = 200) -> Response:
    """A JSON success response (explicit content type: errors are application/problem+json),
    encoded here once, as Connexion would, so the response step has nothing left to do."""
    return Response(_encode(body) + "\n", status, media_type="application/json")

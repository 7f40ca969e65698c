"""An organization's allowed browser origins (CORS). server/cors.py answers browsers with
them; handlers read and replace the list."""
from __future__ import annotations

from store import scope
from core.db import atomic, utcnow
from store.models import CorsOrigin

MAX_ORIGINS = 50


def normalize(origin: str) -> str:
    """`scheme://host[:port]` lower-cased, the default port of the scheme dropped."""
    origin = origin.strip().rstrip("/").lower()
    for scheme, port in (("https://", ":443"), ("http://", ":80")):
        if origin.startswith(scheme) and origin.endswith(port):
            return origin[: -len(port)]
    return origin


def list_origins(*, org_id: str) -> list[str]:
    query = scope.scoped(CorsOrigin, org_id, CorsOrigin.origin).order_by(CorsOrigin.origin)
    return [row.origin for row in query]


def replace_origins(*, org_id: str, origins: list[str]) -> list[str]:
    """Replace the organization's list (duplicates once); returns the new list."""
    wanted = sorted({normalize(o) for o in origins})
    with atomic():
        scope.delete(CorsOrigin, org_id)
        if wanted:
            now = utcnow()
            CorsOrigin.insert_many([{"org": org_id, "origin": o, "created_at": now}
                                    for o in wanted]).execute()
    return wanted


def allowed(*, org_id: str, origin: str) -> bool:
    """Whether the organization lists the origin."""
    return scope.scoped(CorsOrigin, org_id, CorsOrigin.id).where(
        CorsOrigin.origin == normalize(origin)).exists()


def listed_anywhere(*, origin: str) -> bool:
    """Whether any organization lists the origin (a preflight names no organization)."""
    return CorsOrigin.select(CorsOrigin.id).where(
        CorsOrigin.origin == normalize(origin)).exists()

"""The credential vault: each user's tools_auth, one encrypted row per (user, provider).

An entry holds the credential fields the provider's auth expects plus an optional `base_url`
override (SSRF policy applies). Entries are encrypted with core.crypto, decrypted only for a
tool call (``credentials_for``), never returned by an endpoint and never logged: responses name
the providers that have credentials, never what they are.
"""
from __future__ import annotations

import logging

from rules import ssrf
from rules import provider_auth
from store import scope
from core import crypto
from core.db import atomic, new_id, utcnow
from store.errors import Invalid, NotFound
from store.models import AppUser, ToolProvider, UserCredential

log = logging.getLogger("agent_platform.vault")

# credential fields a user may leave out (an OAuth access token alone is usable until it expires)
OPTIONAL_FIELDS = {"oauth2": {"refresh_token"}}


def _complete(provider: ToolProvider, entry: dict) -> None:
    auth = provider.auth or {}
    given = set(entry) - {"base_url"}
    if not given:
        return  # only a base_url override: the provider-level credentials still apply
    required = set(provider_auth.expected_fields(auth)) - OPTIONAL_FIELDS.get(auth.get("type"), set())
    missing = sorted(required - given)
    if missing:
        raise Invalid(f"credentials for provider {provider.id} lack {', '.join(missing)}",
                      code="invalid_credentials")


def prepare(*, org_id: str, tools_auth: dict | None) -> list[tuple[str, dict | None]]:
    """Validate a tools_auth map against the org's providers before anything is stored.

    Returns [(provider_id, cleaned entry or None to delete)]. A provider id that is unknown or
    of another org is NotFound; unexpected fields, missing fields or a refused base_url are
    Invalid. Error messages name providers and fields, never values.
    """
    if not tools_auth:
        return []
    ids = sorted(tools_auth)
    providers = {p.id: p for p in scope.scoped(ToolProvider, org_id).where(ToolProvider.id.in_(ids))}
    unknown = [pid for pid in ids if pid not in providers]
    if unknown:
        raise NotFound(f"tool provider {unknown[0]} not found", code="tool_provider_not_found")
    prepared = []
    for pid in ids:
        entry = tools_auth[pid]
        if entry is None:
            prepared.append((pid, None))
            continue
        provider = providers[pid]
        cleaned = provider_auth.check_credentials(provider.auth, dict(entry))
        _complete(provider, cleaned)
        if cleaned.get("base_url") is not None:
            ssrf.check_url(cleaned["base_url"])
        if not cleaned:
            raise Invalid(f"credentials for provider {pid} are empty; use null to delete them",
                          code="invalid_credentials")
        prepared.append((pid, cleaned))
    return prepared


def store(*, org_id: str, app_user_pk: str, prepared: list[tuple[str, dict | None]]) -> None:
    """Write prepared entries of one user (inside the caller's transaction, if any)."""
    with atomic():
        for provider_id, entry in prepared:
            if entry is None:
                scope.delete(UserCredential, org_id, UserCredential.app_user == app_user_pk,
                             UserCredential.provider == provider_id)
            else:
                put(org_id=org_id, app_user_pk=app_user_pk, provider_id=provider_id, entry=entry)


def put(*, org_id: str, app_user_pk: str, provider_id: str, entry: dict) -> None:
    """Store (replace) one entry, encrypted."""
    now = utcnow()
    secret = crypto.encrypt(entry)
    (UserCredential
     .insert(id=new_id(), org=org_id, app_user=app_user_pk, provider=provider_id, secret=secret,
             created_at=now, updated_at=now)
     .on_conflict(conflict_target=[UserCredential.app_user, UserCredential.provider],
                  update={UserCredential.secret: secret, UserCredential.updated_at: now})
     .execute())


def credentials_for(*, org_id: str, user_id: str, provider_id: str) -> dict | None:
    """The decrypted tools_auth entry of user `user_id` (the customer's id) for a provider, or
    None. For a tool call only: the caller injects it and must not log or return it."""
    row = (scope.scoped(UserCredential, org_id, UserCredential.secret)
           .join(AppUser, on=(UserCredential.app_user == AppUser.id))
           .where(AppUser.user_id == user_id, UserCredential.provider == provider_id)
           .first())
    return None if row is None else crypto.decrypt(row.secret)


def provider_ids(*, org_id: str, app_user_pks) -> dict[str, list[str]]:
    """For each user (primary key), the ids of providers it holds credentials for."""
    found: dict[str, list[str]] = {pk: [] for pk in app_user_pks}
    if not found:
        return found
    rows = (scope.scoped(UserCredential, org_id, UserCredential.app_user, UserCredential.provider)
            .where(UserCredential.app_user.in_(list(found)))
            .order_by(UserCredential.provider).tuples())
    for user_pk, provider_id in rows:
        found[user_pk].append(provider_id)
    return found


def catalog(*, org_id: str) -> dict:
    """GET /v1/tools-auth: every provider of the org with the credential fields it expects."""
    providers = scope.scoped(ToolProvider, org_id).order_by(ToolProvider.name)
    items = []
    for p in providers:
        auth = p.auth or {}
        kind = auth.get("type", "none")
        items.append({
            "provider_id": p.id,
            "name": p.name,
            "type": p.type,
            "auth_type": kind,
            "fields": provider_auth.expected_fields(auth),
            "optional_fields": sorted(OPTIONAL_FIELDS.get(kind, set())),
            "base_url_override": True,
            "oauth_connect": kind == "oauth2",
        })
    return {"providers": items}


def rotate_all(batch: int = 500) -> dict:
    """Re-encrypt every stored secret (user credentials, provider secrets, model keys) under
    the newest key. Idempotent; each batch commits on its own."""
    from store.models import OrgModelConfig

    counts = {}
    for model, column in ((UserCredential, UserCredential.secret),
                          (ToolProvider, ToolProvider.secrets),
                          (OrgModelConfig, OrgModelConfig.secrets)):
        done, last = 0, ""
        while True:
            rows = [*model.select(model.id, column)
                    .where(model.id > last, column.is_null(False))
                    .order_by(model.id).limit(batch).tuples()]
            if not rows:
                break
            with atomic():
                for pk, token in rows:
                    model.update({column: crypto.rotate(token)}).where(model.id == pk).execute()
            done += len(rows)
            last = rows[-1][0]
        counts[model._meta.table_name] = done
    log.info("secrets re-encrypted under the newest key", extra={"fields": counts})
    return counts


def held_providers(*, org_id: str, user_id: str | None, provider_ids: list[str]) -> set[str]:
    """Which of provider_ids user `user_id` (the customer's id) holds a stored entry for
    (nothing is decrypted; None: no user, no entries)."""
    if not user_id or not provider_ids:
        return set()
    rows = (scope.scoped(UserCredential, org_id, UserCredential.provider)
            .join(AppUser, on=(UserCredential.app_user == AppUser.id))
            .where(AppUser.user_id == user_id, UserCredential.provider.in_(provider_ids)))
    return {r.provider_id for r in rows}

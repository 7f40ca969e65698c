"""Export, plan and apply of an organization document, over the kinds of store.org_document.

A plan compares the document (each item normalized to the form an export writes) with the
organization object by object and field by field, checks every name the document refers to,
and then carries the changes out inside a transaction that it rolls back: what the domain
functions refuse (the rules of the API) is reported as invalid, and what the apply would
deploy and rebuild is known. An apply does the same under the organization's configuration
lock and commits."""
from __future__ import annotations

import contextlib

from store import orgs, resource_locks
from core.db import atomic
from store.errors import DomainError, PreconditionFailed
from store.org_document import DELETES, KINDS, document
from store.org_document.base import Context, DocumentInvalid, Problem, unique_names

LOCK = "/v1/organization/configuration"


class _Rollback(Exception):
    pass


def read(ctx: Context) -> None:
    """The organization's objects into ctx.current (document form) and ctx.ids."""
    for kind in KINDS:
        found = kind.read(ctx)
        ids = ctx.ids.setdefault(kind.name, {})
        for name, (row_id, _) in found.items():
            ids.setdefault(name, row_id)
        ctx.current[kind.name] = {name: item for name, (_, item) in found.items()}


def _document(ctx: Context) -> dict:
    spec: dict = {}
    for kind in KINDS:
        items = ctx.current[kind.name]
        kind.place(spec, [_copy(items[name]) for name in sorted(items)])
    org = orgs.get(org_id=ctx.org_id)
    return {"apiVersion": document.API_VERSION, "kind": "Organization",
            "metadata": {"name": org.name}, "spec": spec}


FIRST = ("id", "type", "provider", "name", "ref")


def canon(value):
    """A value with the keys of its objects in a stable order (the engines keep JSON objects
    in different orders: PostgreSQL's jsonb sorts them): a few telling keys first (`id`,
    `type`, `provider`, `name`, `ref`), then the others sorted."""
    if isinstance(value, dict):
        keys = [k for k in FIRST if k in value] + sorted(k for k in value if k not in FIRST)
        return {k: canon(value[k]) for k in keys}
    if isinstance(value, list):
        return [canon(v) for v in value]
    return value


def _copy(item):
    """An exported item: its fields in the kind's order, the objects inside them canonical."""
    return {k: canon(v) for k, v in item.items()} if isinstance(item, dict) else item


def _revision(ctx: Context, doc: dict) -> str:
    rows = ctx.cache.get("provider_rows", {})
    return document.revision(doc, [f"{n}:{rows[n].secrets or ''}" for n in sorted(rows)])


def export(*, org_id: str) -> tuple[dict, str]:
    """(the organization's document, its configuration revision)."""
    ctx = Context(org_id=org_id)
    read(ctx)
    doc = _document(ctx)
    return doc, _revision(ctx, doc)


def _desired(ctx: Context, spec: dict) -> list[Problem]:
    problems = []
    for kind in KINDS:
        items, duplicates = unique_names(kind.name, [kind.normalize(i) for i in
                                                     kind.desired(spec)], kind.identity)
        ctx.desired[kind.name] = items
        problems += duplicates
    for kind in KINDS:
        problems += kind.check(ctx, ctx.desired[kind.name])
    return problems


def _changes(ctx: Context) -> tuple[list[dict], list[dict]]:
    """(changes [{action, kind, name, fields?}], objects left alone (not in the document))."""
    changes, unmanaged = [], []
    for kind in KINDS:
        current, desired = ctx.current[kind.name], ctx.desired[kind.name]
        for name, item in desired.items():
            if name not in current:
                changes.append({"action": "create", "kind": kind.name, "name": name})
                continue
            fields = kind.compare(ctx, current[name], item)
            if fields:
                changes.append({"action": "update", "kind": kind.name, "name": name,
                                "fields": fields})
        for name in current:
            if name in desired:
                continue
            if ctx.prune and getattr(kind, "prunable", True):
                changes.append({"action": "delete", "kind": kind.name, "name": name})
            else:
                unmanaged.append({"kind": kind.name, "name": name})
    return changes, unmanaged


def _write(ctx: Context, changes: list[dict], deploy: bool) -> list[dict]:
    """Carry the changes out (inside the caller's transaction); the deployments made."""
    by_kind: dict = {}
    ctx.cache["changes"] = changes
    ctx.cache["deploy"] = deploy  # a kind may wait for the deployments (exposures)
    for change in changes:
        by_kind.setdefault(change["kind"], []).append(change)

    def run(kind, change):
        ctx.cache["at"] = (kind.name, change["name"])
        name = change["name"]
        old = ctx.current[kind.name].get(name)
        new = None if change["action"] == "delete" else ctx.desired[kind.name][name]
        kind.write(ctx, name, old if change["action"] != "create" else None, new)

    for kind in KINDS:
        todo = by_kind.get(kind.name, [])
        if getattr(kind, "delete_first", False):
            for change in [c for c in todo if c["action"] == "delete"]:
                run(kind, change)
        for change in todo:
            if change["action"] != "delete":
                run(kind, change)
    for kind in KINDS:
        ctx.cache["at"] = (kind.name, "*")
        kind.finish(ctx)
    deployed = []
    if deploy:
        for kind in KINDS:
            if hasattr(kind, "deploy"):
                ctx.cache["at"] = (kind.name, "*")
                deployed += kind.deploy(ctx)
    for kind in DELETES:
        if getattr(kind, "delete_first", False):
            continue
        for change in by_kind.get(kind.name, []):
            if change["action"] == "delete":
                run(kind, change)
    return deployed


def _plan_body(ctx: Context, changes, unmanaged, problems, deployed, revision) -> dict:
    placeholders = []
    for kind in KINDS:
        if hasattr(kind, "placeholders"):
            for name, item in sorted(ctx.desired.get(kind.name, {}).items()):
                placeholders += kind.placeholders(ctx, name, item)
    counts = {a: sum(1 for c in changes if c["action"] == a) for a in ("create", "update",
                                                                         "delete")}
    return {"revision": revision, "changed": bool(changes or deployed),
            "summary": {**counts, "deploy": len(deployed), "invalid": len(problems)},
            "changes": changes, "deployments": deployed, "unmanaged": unmanaged,
            "invalid": [p.to_dict() for p in problems], "placeholders": placeholders}


def _prepare(ctx: Context, doc: dict):
    read(ctx)
    revision = _revision(ctx, _document(ctx))
    problems = _desired(ctx, doc.get("spec") or {})
    changes, unmanaged = _changes(ctx)
    return revision, problems, changes, unmanaged


def plan(*, org_id: str, settings, doc: dict, secrets: dict, prune: bool = False,
         deploy: bool = False, inside=None) -> dict:
    """What an apply of doc would do; nothing is changed. ``inside(ctx)`` runs in the
    rolled-back transaction after the changes (what they would rebuild) and returns extra
    fields of the plan."""
    ctx = Context(org_id=org_id, settings=settings, secrets=secrets, prune=prune)
    extra, deployed = {}, []
    with _rolled_back():
        revision, problems, changes, unmanaged = _prepare(ctx, doc)
        if not problems and (changes or deploy):
            try:
                deployed = _write(ctx, changes, deploy)
                if inside is not None:
                    extra = inside(ctx)
            except DomainError as exc:
                kind, name = ctx.cache.get("at", ("document", "*"))
                problems.append(Problem(kind, name, exc.code, exc.detail))
    return {**_plan_body(ctx, changes, unmanaged, problems, deployed, revision), **extra}


@contextlib.contextmanager
def _rolled_back():
    try:
        with atomic():
            yield
            raise _Rollback()
    except _Rollback:
        pass


def apply(*, org_id: str, settings, doc: dict, secrets: dict, prune: bool = False,
          deploy: bool = False, if_match: str | None = None, inside=None) -> tuple[dict, Context]:
    """Apply doc in one transaction under the organization's configuration lock: all of it
    or, on any refusal, nothing. ``if_match``: the revision the caller planned against (412
    `precondition_failed` when the organization has changed since). ``inside(ctx)`` runs in
    the transaction after the changes (to record their rebuild) and returns extra fields."""
    ctx = Context(org_id=org_id, settings=settings, secrets=secrets, prune=prune)
    with resource_locks.held(org_id=org_id, resource=LOCK):
        with atomic():
            revision, problems, changes, unmanaged = _prepare(ctx, doc)
            if if_match is not None and not _matches(if_match, revision):
                raise PreconditionFailed(
                    f"the organization's configuration is at revision {revision}, not "
                    f"{if_match}: it changed since the plan; plan again",
                    code="precondition_failed")
            if problems:
                raise DocumentInvalid(problems)
            deployed, extra = [], {}
            if changes or deploy:
                try:
                    deployed = _write(ctx, changes, deploy)
                except DomainError as exc:
                    kind, name = ctx.cache.get("at", ("document", "*"))
                    exc.detail = f"{kind} {name!r}: {exc.detail}"
                    exc.args = (exc.detail,)
                    raise
                if inside is not None:
                    extra = inside(ctx)
        body = _plan_body(ctx, changes, unmanaged, problems, deployed, revision)
        body["revision"] = export(org_id=org_id)[1] if body["changed"] else revision
    return {**body, **extra}, ctx


def _matches(header: str, revision: str) -> bool:
    tags = [t.strip().removeprefix("W/") for t in header.split(",") if t.strip()]
    return "*" in tags or revision in tags

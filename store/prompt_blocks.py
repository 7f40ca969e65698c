"""Prompt blocks: named texts shared by agent instructions (`{{block:name}}`), each save an
immutable version. Names are unique in the organization (unique index). A block in use (an
agent's current version references it, or a staging or prod network pins one of its
versions) cannot be deleted or renamed: 409 `prompt_block_in_use` naming the users."""
from __future__ import annotations

from rules import prompt_blocks as syntax
from store import pages, scope
from core.db import atomic, iso, new_id, utcnow
from store.errors import Conflict, Invalid
from store.models import Agent, AgentDependency, Copilot
from store.models_blocks import PromptBlock, PromptBlockVersion

KIND = "block"  # AgentDependency.kind of a block reference


def _write_version(org_id: str, block: PromptBlock, number: int, values: dict) -> str:
    version = PromptBlockVersion.create(id=new_id(), org=org_id, block=block.id, version=number,
                                        name=values["name"], text=values["text"],
                                        description=values.get("description"),
                                        created_at=utcnow())
    return version.id


def _name_free(org_id: str, name: str, exclude: str | None = None) -> None:
    query = scope.scoped(PromptBlock, org_id, PromptBlock.id).where(PromptBlock.name == name)
    if exclude:
        query = query.where(PromptBlock.id != exclude)
    if query.exists():
        raise Conflict(f"a prompt block named {name!r} already exists",
                       code="prompt_block_name_conflict")


def create(*, org_id: str, fields: dict) -> PromptBlock:
    """Must run inside the caller's transaction (the rebuild is recorded with it)."""
    _name_free(org_id, fields["name"])
    now = utcnow()
    block = PromptBlock.create(id=new_id(), org=org_id, name=fields["name"], text=fields["text"],
                               description=fields.get("description"), version=1,
                               created_at=now, updated_at=now)
    version_id = _write_version(org_id, block, 1, fields)
    PromptBlock.update(current_version_id=version_id).where(PromptBlock.id == block.id).execute()
    return get(org_id=org_id, block_id=block.id)


def get(*, org_id: str, block_id: str) -> PromptBlock:
    return scope.get(PromptBlock, org_id, PromptBlock.id == block_id, what="prompt block")


def list(*, org_id: str, limit: int = 50, cursor: str | None = None) -> tuple[list, str | None]:
    """Blocks, oldest first; (rows, next_cursor)."""
    return pages.page(scope.scoped(PromptBlock, org_id),
                      (PromptBlock.created_at, PromptBlock.id), limit=limit, cursor=cursor)


def update(*, org_id: str, block_id: str, fields: dict) -> PromptBlock:
    """A new version from the current one plus fields (inside the caller's transaction)."""
    block = get(org_id=org_id, block_id=block_id)
    values = {"name": block.name, "text": block.text, "description": block.description}
    values.update({k: fields[k] for k in ("name", "text", "description") if k in fields})
    if values["name"] != block.name:
        _name_free(org_id, values["name"], exclude=block.id)
        _ensure_unused(org_id, block, "renamed")
    number = block.version + 1
    version_id = _write_version(org_id, block, number, values)
    changed = (PromptBlock.update(**values, version=number, current_version_id=version_id,
                                  updated_at=utcnow())
               .where(PromptBlock.id == block.id, PromptBlock.version == block.version)
               .execute())
    if not changed:
        raise Conflict("the prompt block was changed concurrently; retry",
                       code="prompt_block_version_conflict")
    return get(org_id=org_id, block_id=block_id)


def users(org_id: str, block: PromptBlock) -> tuple[list[str], list[str]]:
    """(names of agents whose current version references the block, names of staging or
    prod networks that pin one of its versions)."""
    agents = [a.name for a in scope.scoped(Agent, org_id, Agent.name)
              .join(AgentDependency, on=(AgentDependency.agent == Agent.id))
              .where(AgentDependency.kind == KIND, AgentDependency.ref_id == block.id)
              .order_by(Agent.name)]
    version_ids = {v for v, in PromptBlockVersion.select(PromptBlockVersion.id)
                   .where(PromptBlockVersion.block == block.id).tuples()}
    networks = []
    for row in scope.scoped(Copilot, org_id, Copilot.name, Copilot.environment, Copilot.agents) \
            .where(Copilot.environment != "dev").order_by(Copilot.name):
        pinned = {v for a in row.agents or [] for v in (a.get("promptBlockVersions") or {}).values()}
        if pinned & version_ids:
            networks.append(f"{row.name} ({row.environment})")
    return agents, networks


def _ensure_unused(org_id: str, block: PromptBlock, verb: str) -> None:
    agents, networks = users(org_id, block)
    if agents or networks:
        named = [f"agent {n!r}" for n in agents] + [f"network {n!r}" for n in networks]
        raise Conflict(f"the prompt block {block.name!r} cannot be {verb} while it is used by "
                       + ", ".join(named), code="prompt_block_in_use")


def delete(*, org_id: str, block_id: str) -> None:
    with atomic():
        block = get(org_id=org_id, block_id=block_id)
        _ensure_unused(org_id, block, "deleted")
        scope.delete(PromptBlock, org_id, PromptBlock.id == block.id)


def versions(*, org_id: str, block_id: str, limit: int = 50,
             cursor: str | None = None) -> tuple[list, str | None]:
    """The block's versions, newest first; (rows, next_cursor)."""
    get(org_id=org_id, block_id=block_id)
    query = scope.scoped(PromptBlockVersion, org_id).where(PromptBlockVersion.block == block_id)
    return pages.page(query, (PromptBlockVersion.version,), limit=limit, cursor=cursor,
                      desc=True)


# --- references from agent instructions ------------------------------------------------------


def resolve_names(org_id: str, instructions: str | None) -> list[str]:
    """The ids of the blocks instructions reference; 400 `unknown_prompt_block` naming the
    first reference without a block."""
    names = syntax.references(instructions)
    if not names:
        return []
    found = dict(scope.scoped(PromptBlock, org_id, PromptBlock.name, PromptBlock.id)
                 .where(PromptBlock.name.in_(names)).tuples())
    missing = [n for n in names if n not in found]
    if missing:
        raise Invalid(f"the instructions reference the prompt block {missing[0]!r}, which does "
                      "not exist (create it with POST /v1/prompt-blocks)",
                      code="unknown_prompt_block")
    return [found[n] for n in names]


def current_texts(org_id: str, names) -> dict[str, tuple[str, str]]:
    """name -> (current version id, text) of the org's blocks among names."""
    names = sorted(set(names))
    if not names:
        return {}
    return {b.name: (b.current_version_id, b.text) for b in scope.scoped(
        PromptBlock, org_id, PromptBlock.name, PromptBlock.current_version_id, PromptBlock.text)
        .where(PromptBlock.name.in_(names))}


def version_texts(org_id: str, version_ids) -> dict[str, tuple[str, str]]:
    """version id -> (name, text) of the org's block versions among version_ids."""
    ids = sorted(set(version_ids))
    if not ids:
        return {}
    return {v.id: (v.name, v.text) for v in scope.scoped(
        PromptBlockVersion, org_id, PromptBlockVersion.id, PromptBlockVersion.name,
        PromptBlockVersion.text).where(PromptBlockVersion.id.in_(ids))}


def pins_of(org_id: str, instructions_by_key: dict) -> dict:
    """key -> {name: current block version id} of the blocks each instructions text uses."""
    names = {k: syntax.references(text) for k, text in instructions_by_key.items()}
    current = current_texts(org_id, {n for ns in names.values() for n in ns})
    return {k: {n: current[n][0] for n in ns if n in current} for k, ns in names.items()}


def to_dict(block: PromptBlock) -> dict:
    return {"id": block.id, "name": block.name, "description": block.description,
            "text": block.text, "version": block.version,
            "prompt_block_version_id": block.current_version_id,
            "created_at": iso(block.created_at), "updated_at": iso(block.updated_at)}


def version_dict(v: PromptBlockVersion) -> dict:
    return {"id": v.id, "prompt_block_id": v.block_id, "version": v.version, "name": v.name,
            "description": v.description, "text": v.text, "created_at": iso(v.created_at)}

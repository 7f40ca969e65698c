"""What every kind of object of an organization document shares: the context of an export,
a plan or an apply, a problem found in a document, and the generic field-by-field diff.

A kind (one module each, listed in store/org_document/__init__.py) reads the organization's
objects into their document form, normalizes a document's items to the same form (the API's
defaults filled in), checks the names they reference, and writes a create, an update or a
delete through the same domain functions as the API (store/*.py)."""
from __future__ import annotations

import copy
import dataclasses

from store.errors import Conflict, Invalid

MISSING = object()


@dataclasses.dataclass
class Problem:
    """Something a document gets wrong: where (kind and name, and the field), a stable code
    and a sentence."""

    kind: str
    name: str
    code: str
    detail: str
    field: str | None = None

    def to_dict(self) -> dict:
        out = {"kind": self.kind, "name": self.name, "code": self.code, "detail": self.detail}
        if self.field:
            out["field"] = self.field
        return out


class DocumentInvalid(Invalid):
    """An apply of a document with problems: 400 `document_invalid`, naming them."""

    def __init__(self, problems: list[Problem]):
        shown = "; ".join(f"{p.kind} {p.name!r}: {p.detail}" for p in problems[:10])
        more = f" (and {len(problems) - 10} more)" if len(problems) > 10 else ""
        super().__init__(f"the document has {len(problems)} problem(s): {shown}{more}",
                         code="document_invalid")
        self.problems = problems


@dataclasses.dataclass
class Context:
    """One export, plan or apply for one organization.

    ``ids[kind][name]`` is the id of each object of the organization (updated as an apply
    creates and deletes); ``desired[kind]`` the document's normalized items by name (plan and
    apply); ``secrets`` the values of placeholders. The rebuild an apply needs is collected in
    ``tool_ids``, ``provider_ids``, ``block_ids``, ``agent_ids`` and ``sync_provider_ids``."""

    org_id: str
    settings: object = None
    prune: bool = False
    secrets: dict = dataclasses.field(default_factory=dict)
    ids: dict = dataclasses.field(default_factory=dict)
    current: dict = dataclasses.field(default_factory=dict)
    desired: dict = dataclasses.field(default_factory=dict)
    cache: dict = dataclasses.field(default_factory=dict)
    deferred: list = dataclasses.field(default_factory=list)
    tool_ids: set = dataclasses.field(default_factory=set)
    provider_ids: set = dataclasses.field(default_factory=set)
    block_ids: set = dataclasses.field(default_factory=set)
    agent_ids: set = dataclasses.field(default_factory=set)
    sync_provider_ids: set = dataclasses.field(default_factory=set)

    def id_of(self, kind: str, name: str) -> str | None:
        return self.ids.get(kind, {}).get(name)

    def names(self, kind: str) -> dict[str, str]:
        """id -> name of the organization's objects of one kind."""
        return {v: k for k, v in self.ids.get(kind, {}).items()}

    def will_exist(self, kind: str, name: str) -> bool:
        """Whether an object of that kind and name exists after the apply: in the document,
        or on the instance and not pruned (objects a kind does not manage, such as the tools
        of mcp providers, are never pruned)."""
        if name in self.desired.get(kind, {}):
            return True
        if name not in self.ids.get(kind, {}):
            return False
        return not self.prune or name not in self.current.get(kind, {})


class Kind:
    """One kind of object. Subclasses set ``name`` (singular, as plans show it) and implement
    read, desired, normalize, place and write; check and compare have defaults."""

    name = ""
    # fields a plan does not diff (the kind handles them on its own)
    skip_fields: tuple = ()
    # deletes run by ascending delete_order: a kind before the kinds it references (a network
    # before its agents and workflows, a schedule before its workflow)
    delete_order = 50

    def read(self, ctx: Context) -> dict[str, tuple[str, dict]]:
        """name -> (id, item in document form) of the organization's objects."""
        raise NotImplementedError

    def desired(self, spec: dict) -> list[dict]:
        """The document's items of this kind, as written."""
        raise NotImplementedError

    def identity(self, item: dict) -> str:
        return item["name"]

    def normalize(self, item: dict) -> dict:
        """An item with every field the API defaults filled in, in document order."""
        return item

    def place(self, spec: dict, items: list[dict]) -> None:
        """Put the exported items (sorted by identity) into the document's spec."""
        raise NotImplementedError

    def check(self, ctx: Context, items: dict[str, dict]) -> list[Problem]:
        """Problems of the document's items (references to names that will not exist)."""
        return []

    def compare(self, ctx: Context, old: dict, new: dict) -> list[dict]:
        return diff(old, new, skip=self.skip_fields)

    def write(self, ctx: Context, name: str, old: dict | None, new: dict | None) -> None:
        """Create (old None), update or delete (new None) one object, through the domain
        functions of the API; ``ctx.ids`` follows."""
        raise NotImplementedError

    def finish(self, ctx: Context) -> None:
        """After every kind's creates and updates (references that run in a circle)."""


def diff(old: dict, new: dict, *, skip=(), prefix: str = "") -> list[dict]:
    """Field-by-field changes from old to new: [{field, from, to}] in new's field order; a
    nested object is compared field by field, anything else as a whole."""
    changes = []
    for key in [*new, *[k for k in old if k not in new]]:
        if key in skip:
            continue
        before, after = old.get(key, MISSING), new.get(key, MISSING)
        if after is MISSING:
            continue  # a field the document leaves out keeps its value
        if before == after:
            continue
        field = f"{prefix}{key}"
        if isinstance(before, dict) and isinstance(after, dict) and before and after:
            changes.extend(diff(before, after, prefix=field + "."))
        else:
            changes.append({"field": field, "from": None if before is MISSING else
                            copy.deepcopy(before), "to": copy.deepcopy(after)})
    return changes


def ordered(item: dict, order: tuple) -> dict:
    """item with its fields in the document's order (unknown fields last, as given)."""
    return {**{k: item[k] for k in order if k in item},
            **{k: v for k, v in item.items() if k not in order}}


def unique_names(kind: str, items: list[dict], identity) -> tuple[dict, list[Problem]]:
    """name -> item of a document's items; a name given twice is a problem."""
    out, problems = {}, []
    for item in items:
        name = identity(item)
        if name in out:
            problems.append(Problem(kind, name, "duplicate_name",
                                    f"two {kind}s are named {name!r}; names identify objects "
                                    "in a document and must be unique"))
            continue
        out[name] = item
    return out, problems


def collect(kind: str, rows) -> dict:
    """name -> (id, item) of rows [(name, id, item)]; two objects of one name cannot be told
    apart in a document: 409 `ambiguous_names`."""
    out = {}
    for name, row_id, item in rows:
        if name in out:
            raise Conflict(f"two {kind}s of the organization are named {name!r}; rename one "
                           "(names identify objects in a document)", code="ambiguous_names")
        out[name] = (row_id, item)
    return out

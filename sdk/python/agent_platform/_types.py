"""Small types shared by both clients."""
from __future__ import annotations

import enum
import typing as t
import uuid
from collections.abc import Mapping

Id = t.Union[str, uuid.UUID]
"""Every id the API takes: a string, or a `uuid.UUID` as the generated models carry them."""


class NotGiven(enum.Enum):
    """A field left out of the request (distinct from None, which sends JSON null)."""

    NOT_GIVEN = "NOT_GIVEN"

    def __bool__(self) -> bool:
        return False


NOT_GIVEN: t.Final = NotGiven.NOT_GIVEN


class Model(t.Protocol):
    """What the generated models have: `from_dict`."""

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, t.Any]) -> t.Self: ...


M = t.TypeVar("M", bound=Model)


def jsonable(value: t.Any) -> t.Any:
    """A value as JSON: generated models through `to_dict`, ids and enums as strings."""
    if hasattr(value, "to_dict") and callable(value.to_dict):
        return value.to_dict()
    if isinstance(value, uuid.UUID):
        return str(value)
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, Mapping):
        return {str(k): jsonable(v) for k, v in value.items() if v is not NOT_GIVEN}
    if isinstance(value, (list, tuple)):
        return [jsonable(v) for v in value]
    return value


def body(**fields: t.Any) -> dict[str, t.Any]:
    """A JSON body of the fields that were given."""
    return {k: jsonable(v) for k, v in fields.items() if v is not NOT_GIVEN}


class Tagged(t.Generic[M]):
    """A resource as read, with its `ETag` (pass it back as `if_match`)."""

    def __init__(self, value: M, etag: str | None) -> None:
        self.value, self.etag = value, etag

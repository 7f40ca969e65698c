from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.rebuild import Rebuild


T = TypeVar("T", bound="RebuildOnly")


@_attrs_define
class RebuildOnly:
    rebuild: Rebuild
    """ The registry reload and agent rebuild that followed a change. Only agents depending on the changed tools (by
    tool id, or by attaching their provider) are rebuilt. `skipped` counts dependents whose runtime form did not
    change (they keep their runtimeId) and, with a queue, dependents whose rebuild was still running when the wait
    ran out. """

    def to_dict(self) -> dict[str, Any]:
        rebuild = self.rebuild.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "rebuild": rebuild,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.rebuild import Rebuild

        d = dict(src_dict)
        rebuild = Rebuild.from_dict(d.pop("rebuild"))

        rebuild_only = cls(
            rebuild=rebuild,
        )

        return rebuild_only

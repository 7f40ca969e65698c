from __future__ import annotations

from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    Literal,
    Self,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.ready_checks import ReadyChecks


T = TypeVar("T", bound="Ready")


@_attrs_define
class Ready:
    status: Literal["ready"]
    """ `ready` when every dependency answers. """
    checks: ReadyChecks
    """ Each dependency and its state (`ok`, or `inline` for in-process jobs). """

    def to_dict(self) -> dict[str, Any]:
        status = self.status

        checks = self.checks.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "checks": checks,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.ready_checks import ReadyChecks

        d = dict(src_dict)
        status = cast(Literal["ready"], d.pop("status"))
        if status != "ready":
            raise ValueError(f"status must match const 'ready', got '{status}'")

        checks = ReadyChecks.from_dict(d.pop("checks"))

        ready = cls(
            status=status,
            checks=checks,
        )

        return ready

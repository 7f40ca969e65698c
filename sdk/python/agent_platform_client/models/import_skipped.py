from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ImportSkipped")


@_attrs_define
class ImportSkipped:
    """An operation of the document that did not become a tool, and why."""

    method: str
    """ The operation's HTTP method. """
    path: str
    """ The operation's path (a webhook's name). """
    reason: str
    """ Why it was skipped. """

    def to_dict(self) -> dict[str, Any]:
        method = self.method

        path = self.path

        reason = self.reason

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "method": method,
                "path": path,
                "reason": reason,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        method = d.pop("method")

        path = d.pop("path")

        reason = d.pop("reason")

        import_skipped = cls(
            method=method,
            path=path,
            reason=reason,
        )

        return import_skipped

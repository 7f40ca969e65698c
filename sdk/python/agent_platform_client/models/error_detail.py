from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ErrorDetail")


@_attrs_define
class ErrorDetail:
    """An error: a stable snake_case `code` and a readable `message`."""

    code: str
    """ Stable snake_case error code. """
    message: str
    """ Readable explanation. """

    def to_dict(self) -> dict[str, Any]:
        code = self.code

        message = self.message

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "code": code,
                "message": message,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        code = d.pop("code")

        message = d.pop("message")

        error_detail = cls(
            code=code,
            message=message,
        )

        return error_detail

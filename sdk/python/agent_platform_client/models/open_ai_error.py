from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.open_ai_error_body import OpenAIErrorBody


T = TypeVar("T", bound="OpenAIError")


@_attrs_define
class OpenAIError:
    """An error of the OpenAI-compatible API, in OpenAI's shape."""

    error: OpenAIErrorBody
    """ What went wrong. """

    def to_dict(self) -> dict[str, Any]:
        error = self.error.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "error": error,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.open_ai_error_body import OpenAIErrorBody

        d = dict(src_dict)
        error = OpenAIErrorBody.from_dict(d.pop("error"))

        open_ai_error = cls(
            error=error,
        )

        return open_ai_error

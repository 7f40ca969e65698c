from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.response_token_details import ResponseTokenDetails


T = TypeVar("T", bound="ResponseUsage")


@_attrs_define
class ResponseUsage:
    """The turn's tokens."""

    input_tokens: int
    """ Input tokens. """
    output_tokens: int
    """ Output tokens. """
    total_tokens: int
    """ Both. """
    input_tokens_details: ResponseTokenDetails
    """ Parts of a token count (always 0 here). """
    output_tokens_details: ResponseTokenDetails
    """ Parts of a token count (always 0 here). """

    def to_dict(self) -> dict[str, Any]:
        input_tokens = self.input_tokens

        output_tokens = self.output_tokens

        total_tokens = self.total_tokens

        input_tokens_details = self.input_tokens_details.to_dict()

        output_tokens_details = self.output_tokens_details.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "input_tokens": input_tokens,
                "output_tokens": output_tokens,
                "total_tokens": total_tokens,
                "input_tokens_details": input_tokens_details,
                "output_tokens_details": output_tokens_details,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.response_token_details import ResponseTokenDetails

        d = dict(src_dict)
        input_tokens = d.pop("input_tokens")

        output_tokens = d.pop("output_tokens")

        total_tokens = d.pop("total_tokens")

        input_tokens_details = ResponseTokenDetails.from_dict(
            d.pop("input_tokens_details")
        )

        output_tokens_details = ResponseTokenDetails.from_dict(
            d.pop("output_tokens_details")
        )

        response_usage = cls(
            input_tokens=input_tokens,
            output_tokens=output_tokens,
            total_tokens=total_tokens,
            input_tokens_details=input_tokens_details,
            output_tokens_details=output_tokens_details,
        )

        return response_usage

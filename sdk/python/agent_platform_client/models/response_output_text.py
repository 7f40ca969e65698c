from __future__ import annotations

from collections.abc import Mapping
from typing import (
    Any,
    Literal,
    Self,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define

T = TypeVar("T", bound="ResponseOutputText")


@_attrs_define
class ResponseOutputText:
    """The answer's text."""

    type_: Literal["output_text"]
    """ Always `output_text`. """
    text: str
    """ The answer. """
    annotations: list[str]
    """ Always empty. """
    logprobs: list[str]
    """ Always empty. """

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        text = self.text

        annotations = self.annotations

        logprobs = self.logprobs

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "text": text,
                "annotations": annotations,
                "logprobs": logprobs,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = cast(Literal["output_text"], d.pop("type"))
        if type_ != "output_text":
            raise ValueError(f"type must match const 'output_text', got '{type_}'")

        text = d.pop("text")

        annotations = cast(list[str], d.pop("annotations"))

        logprobs = cast(list[str], d.pop("logprobs"))

        response_output_text = cls(
            type_=type_,
            text=text,
            annotations=annotations,
            logprobs=logprobs,
        )

        return response_output_text

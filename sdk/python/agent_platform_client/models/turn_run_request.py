from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="TurnRunRequest")


@_attrs_define
class TurnRunRequest:
    input_: str
    """ The user's message. """
    webhook: str | Unset = UNSET
    """ An http(s) URL that passes the SSRF policy (403 `url_not_allowed`). """

    def to_dict(self) -> dict[str, Any]:
        input_ = self.input_

        webhook = self.webhook

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "input": input_,
            }
        )
        if webhook is not UNSET:
            field_dict["webhook"] = webhook

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        input_ = d.pop("input")

        webhook = d.pop("webhook", UNSET)

        turn_run_request = cls(
            input_=input_,
            webhook=webhook,
        )

        return turn_run_request

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.vote_value import VoteValue
from ..types import UNSET, Unset

T = TypeVar("T", bound="VoteRequest")


@_attrs_define
class VoteRequest:
    message_id: UUID
    """ An assistant message of the user's threads. """
    value: None | VoteValue
    """ null removes the vote. """
    comment: None | str | Unset = UNSET
    """ A comment with the vote; null: none. """

    def to_dict(self) -> dict[str, Any]:
        message_id = str(self.message_id)

        value: None | str
        if isinstance(self.value, VoteValue):
            value = self.value.value
        else:
            value = self.value

        comment: None | str | Unset
        if isinstance(self.comment, Unset):
            comment = UNSET
        else:
            comment = self.comment

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "message_id": message_id,
                "value": value,
            }
        )
        if comment is not UNSET:
            field_dict["comment"] = comment

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        message_id = UUID(d.pop("message_id"))

        def _parse_value(data: object) -> None | VoteValue:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                value_type_0 = VoteValue(data)

                return value_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | VoteValue, data)

        value = _parse_value(d.pop("value"))

        def _parse_comment(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        comment = _parse_comment(d.pop("comment", UNSET))

        vote_request = cls(
            message_id=message_id,
            value=value,
            comment=comment,
        )

        return vote_request

from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.vote_value import VoteValue

T = TypeVar("T", bound="Vote")


@_attrs_define
class Vote:
    message_id: UUID
    """ The message voted on. """
    value: None | VoteValue
    """ up or down; null: no vote. """
    comment: None | str
    """ A comment with the vote; null: none. """
    created_at: datetime.datetime | None
    """ When the vote was first cast (null: no vote). """
    updated_at: datetime.datetime | None
    """ When the vote last changed. """

    def to_dict(self) -> dict[str, Any]:
        message_id = str(self.message_id)

        value: None | str
        if isinstance(self.value, VoteValue):
            value = self.value.value
        else:
            value = self.value

        comment: None | str
        comment = self.comment

        created_at: None | str
        if isinstance(self.created_at, datetime.datetime):
            created_at = self.created_at.isoformat()
        else:
            created_at = self.created_at

        updated_at: None | str
        if isinstance(self.updated_at, datetime.datetime):
            updated_at = self.updated_at.isoformat()
        else:
            updated_at = self.updated_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "message_id": message_id,
                "value": value,
                "comment": comment,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

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

        def _parse_comment(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        comment = _parse_comment(d.pop("comment"))

        def _parse_created_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                created_at_type_0 = datetime.datetime.fromisoformat(data)

                return created_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        created_at = _parse_created_at(d.pop("created_at"))

        def _parse_updated_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                updated_at_type_0 = datetime.datetime.fromisoformat(data)

                return updated_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        updated_at = _parse_updated_at(d.pop("updated_at"))

        vote = cls(
            message_id=message_id,
            value=value,
            comment=comment,
            created_at=created_at,
            updated_at=updated_at,
        )

        return vote

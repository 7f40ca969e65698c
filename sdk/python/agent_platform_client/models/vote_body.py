from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.vote import Vote


T = TypeVar("T", bound="VoteBody")


@_attrs_define
class VoteBody:
    vote: Vote

    def to_dict(self) -> dict[str, Any]:
        vote = self.vote.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "vote": vote,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.vote import Vote

        d = dict(src_dict)
        vote = Vote.from_dict(d.pop("vote"))

        vote_body = cls(
            vote=vote,
        )

        return vote_body

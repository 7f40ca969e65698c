from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..models.approval_decider_kind import ApprovalDeciderKind
from ..types import UNSET, Unset

T = TypeVar("T", bound="ApprovalDecider")


@_attrs_define
class ApprovalDecider:
    """Who decided."""

    kind: ApprovalDeciderKind
    """ Who decided on a waiting call. """
    user_id: str | Unset = UNSET
    """ The end user (a session's, or the API key's X-User-Id). """
    api_key_id: UUID | Unset = UNSET
    """ The API key that decided. """

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind.value

        user_id = self.user_id

        api_key_id: str | Unset = UNSET
        if not isinstance(self.api_key_id, Unset):
            api_key_id = str(self.api_key_id)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
            }
        )
        if user_id is not UNSET:
            field_dict["user_id"] = user_id
        if api_key_id is not UNSET:
            field_dict["api_key_id"] = api_key_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        kind = ApprovalDeciderKind(d.pop("kind"))

        user_id = d.pop("user_id", UNSET)

        _api_key_id = d.pop("api_key_id", UNSET)
        api_key_id: UUID | Unset
        if isinstance(_api_key_id, Unset):
            api_key_id = UNSET
        else:
            api_key_id = UUID(_api_key_id)

        approval_decider = cls(
            kind=kind,
            user_id=user_id,
            api_key_id=api_key_id,
        )

        return approval_decider

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.tools_auth import ToolsAuth


T = TypeVar("T", bound="SessionCreate")


@_attrs_define
class SessionCreate:
    user_id: str
    """ The customer's id of an end user (no slash, whitespace or control characters). """
    group_id: str | Unset = UNSET
    """ The customer's id of a group; the Default group is `default`. """
    tools_auth: ToolsAuth | Unset = UNSET
    """ Tool credentials keyed by tool provider id. Each entry holds the credential fields the provider's auth
    expects (see GET /v1/tools-auth) and an optional `base_url` override; null deletes that provider's stored
    credentials. Stored encrypted; never returned. """

    def to_dict(self) -> dict[str, Any]:
        user_id = self.user_id

        group_id = self.group_id

        tools_auth: dict[str, Any] | Unset = UNSET
        if not isinstance(self.tools_auth, Unset):
            tools_auth = self.tools_auth.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "user_id": user_id,
            }
        )
        if group_id is not UNSET:
            field_dict["group_id"] = group_id
        if tools_auth is not UNSET:
            field_dict["tools_auth"] = tools_auth

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.tools_auth import ToolsAuth

        d = dict(src_dict)
        user_id = d.pop("user_id")

        group_id = d.pop("group_id", UNSET)

        _tools_auth = d.pop("tools_auth", UNSET)
        tools_auth: ToolsAuth | Unset
        if isinstance(_tools_auth, Unset):
            tools_auth = UNSET
        else:
            tools_auth = ToolsAuth.from_dict(_tools_auth)

        session_create = cls(
            user_id=user_id,
            group_id=group_id,
            tools_auth=tools_auth,
        )

        return session_create

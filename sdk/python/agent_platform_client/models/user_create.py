from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.tools_auth import ToolsAuth


T = TypeVar("T", bound="UserCreate")


@_attrs_define
class UserCreate:
    user_id: str
    """ The customer's id of an end user (no slash, whitespace or control characters). """
    display_name: None | str | Unset = UNSET
    """ The user's display name; null: none. """
    group_id: None | str | Unset = UNSET
    """ The user's group (created if the org has none of that id); null or omitted is the Default group. """
    tools_auth: ToolsAuth | Unset = UNSET
    """ Tool credentials keyed by tool provider id. Each entry holds the credential fields the provider's auth
    expects (see GET /v1/tools-auth) and an optional `base_url` override; null deletes that provider's stored
    credentials. Stored encrypted; never returned. """

    def to_dict(self) -> dict[str, Any]:
        user_id = self.user_id

        display_name: None | str | Unset
        if isinstance(self.display_name, Unset):
            display_name = UNSET
        else:
            display_name = self.display_name

        group_id: None | str | Unset
        if isinstance(self.group_id, Unset):
            group_id = UNSET
        else:
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
        if display_name is not UNSET:
            field_dict["display_name"] = display_name
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

        def _parse_display_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        display_name = _parse_display_name(d.pop("display_name", UNSET))

        def _parse_group_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        group_id = _parse_group_id(d.pop("group_id", UNSET))

        _tools_auth = d.pop("tools_auth", UNSET)
        tools_auth: ToolsAuth | Unset
        if isinstance(_tools_auth, Unset):
            tools_auth = UNSET
        else:
            tools_auth = ToolsAuth.from_dict(_tools_auth)

        user_create = cls(
            user_id=user_id,
            display_name=display_name,
            group_id=group_id,
            tools_auth=tools_auth,
        )

        return user_create
